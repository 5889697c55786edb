package dev.skills.spring.ai.tool.scope;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A tool the request may not use, kept in its tool list as a refusal: a model that calls
 * it anyway (it was offered a turn ago) reads why and goes on, where a missing tool would
 * make Spring AI fail the whole request. Its description says it is not available.
 */
final class RefusedToolCallback implements ToolCallback {

	private final ToolDefinition definition;

	private final ToolCallback refused;

	private final String refusal;

	/**
	 * Refuse a tool.
	 * @param refused the tool, kept so that a later request can offer it again
	 * @param reason why, for example
	 * {@code tool 'Bash' is disallowed by skill 'no-shell'}
	 */
	RefusedToolCallback(ToolCallback refused, String reason) {
		this.definition = definition(refused.getToolDefinition(), reason);
		this.refused = refused;
		this.refusal = "Error: " + reason + ". Use another tool or finish without it.";
	}

	/**
	 * Refuse a skill tool that this request does not have.
	 * @param definition its definition
	 * @param reason why
	 */
	RefusedToolCallback(ToolDefinition definition, String reason) {
		this.definition = definition(definition, reason);
		this.refused = this;
		this.refusal = "Error: " + reason + ".";
	}

	ToolCallback refused() {
		return this.refused;
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public String call(@Nullable String toolInput) {
		return this.refusal;
	}

	@Override
	public String call(@Nullable String toolInput, @Nullable ToolContext toolContext) {
		return this.refusal;
	}

	private static ToolDefinition definition(ToolDefinition original, String reason) {
		return ToolDefinition.builder()
			.name(original.name())
			.description("Not available now: " + reason + ". Do not call it.")
			.inputSchema(original.inputSchema())
			.build();
	}

}
