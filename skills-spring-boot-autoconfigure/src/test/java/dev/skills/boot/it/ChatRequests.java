package dev.skills.boot.it;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads what the OpenAI client sent to a {@code ChatCompletionsStub}.
 */
public final class ChatRequests {

	private ChatRequests() {
	}

	/**
	 * The names of the tools a request offered, in order.
	 */
	public static List<String> toolNames(JsonNode request) {
		List<String> names = new ArrayList<>();
		request.path("tools").forEach((tool) -> names.add(tool.path("function").path("name").asString()));
		return names;
	}

	/**
	 * The tool result that ends the last request, checked to be one.
	 */
	public static String lastToolResult(List<JsonNode> requests) {
		JsonNode messages = requests.get(requests.size() - 1).path("messages");
		JsonNode last = messages.get(messages.size() - 1);
		assertThat(last.path("role").asString()).isEqualTo("tool");
		return last.path("content").asString();
	}

}
