package dev.skills.spring.ai;

import java.util.ArrayList;
import java.util.List;

import dev.skills.test.ScriptedChatModel;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Reads what a prompt recorded by {@link ScriptedChatModel} offered the model.
 */
public final class Prompts {

	/** A JSON mapper for the tests' assertions. */
	public static final JsonMapper JSON = JsonMapper.builder().build();

	private Prompts() {
	}

	/**
	 * Every tool result in the prompt, in order.
	 */
	public static List<String> toolResults(Prompt prompt) {
		List<String> results = new ArrayList<>();
		for (Message message : prompt.getInstructions()) {
			if (message instanceof ToolResponseMessage tools) {
				tools.getResponses().forEach((response) -> results.add(response.responseData()));
			}
		}
		return results;
	}

	/**
	 * The last tool result in the prompt.
	 */
	public static String lastToolResult(Prompt prompt) {
		List<String> results = toolResults(prompt);
		return results.get(results.size() - 1);
	}

	/**
	 * The tools offered to the model for use, by name, in order: not the ones kept only
	 * to refuse a call ({@link #refusedToolNames}).
	 */
	public static List<String> toolNames(Prompt prompt) {
		return toolCallbacks(prompt).stream()
			.filter((tool) -> !isRefusal(tool))
			.map((tool) -> tool.getToolDefinition().name())
			.toList();
	}

	/**
	 * The tools listed only to refuse a call, by name, in order.
	 */
	public static List<String> refusedToolNames(Prompt prompt) {
		return toolCallbacks(prompt).stream()
			.filter(Prompts::isRefusal)
			.map((tool) -> tool.getToolDefinition().name())
			.toList();
	}

	public static List<ToolCallback> toolCallbacks(Prompt prompt) {
		if (!(prompt.getOptions() instanceof ToolCallingChatOptions options) || options.getToolCallbacks() == null) {
			return List.of();
		}
		return options.getToolCallbacks();
	}

	/**
	 * The definition of one offered tool.
	 */
	public static ToolDefinition toolDefinition(Prompt prompt, String name) {
		return toolCallbacks(prompt).stream()
			.map(ToolCallback::getToolDefinition)
			.filter((definition) -> definition.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No tool '" + name + "' in " + toolNames(prompt)));
	}

	/**
	 * The text of every message, tool results included, one after the other.
	 */
	public static String allText(Prompt prompt) {
		StringBuilder text = new StringBuilder();
		for (Message message : prompt.getInstructions()) {
			if (message.getText() != null) {
				text.append(message.getText()).append('\n');
			}
			if (message instanceof ToolResponseMessage tools) {
				tools.getResponses().forEach((response) -> text.append(response.responseData()).append('\n'));
			}
		}
		return text.toString();
	}

	/**
	 * How often a text occurs in every message of the prompt.
	 */
	public static int occurrences(Prompt prompt, String needle) {
		String text = allText(prompt);
		int count = 0;
		for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length())) {
			count++;
		}
		return count;
	}

	public static String contentTag(String skill) {
		return "<skill_content name=\"" + skill + "\">";
	}

	/**
	 * The values of a skill tool's {@code skill_name} enum.
	 */
	public static List<String> enumOf(ToolDefinition definition) {
		JsonNode schema = JSON.readTree(definition.inputSchema());
		List<String> values = new ArrayList<>();
		schema.get("properties").get("skill_name").get("enum").forEach((value) -> values.add(value.asString()));
		return values;
	}

	// A tool kept only to refuse a call says so in its description.
	private static boolean isRefusal(ToolCallback tool) {
		return tool.getToolDefinition().description().startsWith("Not available now: ");
	}

}
