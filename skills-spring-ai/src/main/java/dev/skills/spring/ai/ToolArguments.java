package dev.skills.spring.ai;

import java.util.List;

import dev.skills.core.internal.prompt.SkillPrompts;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the JSON arguments of a skill tool call and builds the JSON schemas of the tools.
 */
final class ToolArguments {

	static final JsonMapper JSON = JsonMapper.builder().build();

	private ToolArguments() {
	}

	/**
	 * Read one string argument.
	 * @param input the arguments as the model sent them
	 * @param name the argument
	 * @return its value, or {@code null} when missing, blank or not a string
	 * @throws IllegalArgumentException when the input is not a JSON object
	 */
	static @Nullable String text(String input, String name) {
		JsonNode node;
		try {
			node = JSON.readTree(input.isBlank() ? "{}" : input);
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException("the arguments are not valid JSON");
		}
		if (node == null || !node.isObject()) {
			throw new IllegalArgumentException("the arguments must be a JSON object");
		}
		JsonNode value = node.get(name);
		return (value != null && value.isString() && !value.asString().isBlank()) ? value.asString().strip() : null;
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
