package dev.skills.spring.ai.tool.scope;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Answers a call to a tool that the request does not offer (the skills forbid it) with a
 * refusal the model can act on. It is never sent to the model: the tool-calling side adds
 * it only to run a call the model made anyway.
 */
final class RefusedToolCallback implements ToolCallback {

	private final ToolDefinition definition;

	private final String refusal;

	/**
	 * Refuse calls to a tool.
	 * @param name the tool name
	 * @param refusal the tool result the model reads
	 */
	RefusedToolCallback(String name, String refusal) {
		this.definition = ToolDefinition.builder()
			.name(name)
			.description("Not offered to this request.")
			.inputSchema("{\"type\":\"object\"}")
			.build();
		this.refusal = refusal;
	}

	/**
	 * The result of a call to a tool that skills forbid.
	 * @param denial why, for example
	 * {@code tool 'Bash' is disallowed by skill 'no-shell'}
	 * @return the refusal the model reads
	 */
	static String refusal(String denial) {
		return "Error: " + denial + ". Use another tool or finish without it.";
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

}
