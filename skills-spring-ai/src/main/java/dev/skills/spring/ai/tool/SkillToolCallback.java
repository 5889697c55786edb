package dev.skills.spring.ai.tool;

import java.util.List;
import java.util.Map;

import dev.skills.core.internal.prompt.SkillPrompts;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * What the skill tools share: a fixed definition, JSON arguments read leniently, and a
 * tool context that may be absent (a call from outside the {@code SkillsAdvisor}, such as
 * an MCP client, has none).
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

	/**
	 * Read one string argument.
	 * @param input the arguments as the model sent them
	 * @param name the argument
	 * @return its value, or {@code null} when missing, blank or not a string
	 * @throws IllegalArgumentException when the input is not a JSON object
	 */
	static @Nullable String argument(String input, String name) {
		JsonNode value = arguments(input).get(name);
		return (value != null && value.isString() && !value.asString().isBlank()) ? value.asString().strip() : null;
	}

	/**
	 * Read the arguments.
	 * @param input the arguments as the model sent them; blank reads as none
	 * @return the JSON object
	 * @throws IllegalArgumentException when the input is not a JSON object
	 */
	static JsonNode arguments(String input) {
		JsonNode node;
		try {
			node = JsonMapper.shared().readTree(input.isBlank() ? "{}" : input);
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException("the arguments are not valid JSON");
		}
		if (node == null || !node.isObject()) {
			throw new IllegalArgumentException("the arguments must be a JSON object");
		}
		return node;
	}

	/**
	 * A message listing the valid names, for the model.
	 * @param names the names
	 * @return {@code Valid skill names: a, b.}
	 */
	static String validNames(List<String> names) {
		return SkillPrompts.nameList("Valid skill names", names);
	}

}
