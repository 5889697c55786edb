package dev.skills.spring.ai;

import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * What the two skill tools share: a fixed definition, and a tool context that may be
 * absent (a call from outside {@link SkillsAdvisor}, such as an MCP client, has none).
 */
abstract class SkillToolCallback implements ToolCallback {

	private final ToolDefinition definition;

	SkillToolCallback(ToolDefinition definition) {
		this.definition = definition;
	}

	@Override
	public final ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public final String call(@Nullable String toolInput) {
		return call(toolInput, (ToolContext) null);
	}

	@Override
	public final String call(@Nullable String toolInput, @Nullable ToolContext toolContext) {
		// No input at all reads as no arguments: the tool then says which one is missing.
		return run((toolInput != null) ? toolInput : "", (toolContext != null) ? toolContext.getContext() : Map.of());
	}

	/**
	 * Run the tool.
	 * @param toolInput the JSON arguments the model sent
	 * @param context the tool context, empty when there is none
	 * @return the text for the model
	 */
	abstract String run(String toolInput, Map<String, Object> context);

}
