package dev.skills.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The only fake: an OpenAI chat completions endpoint on 127.0.0.1 that plays a model by
 * rule. A user message holding one of its keywords gets a call of {@code activate_skill}
 * for that keyword's skill, if the request offers the tool; a request that carries a tool
 * result, or holds no keyword, gets a text answer.
 */
final class ChatCompletionsStub implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpServer server;

	private final Map<String, String> skillsByKeyword;

	private final AtomicInteger questions = new AtomicInteger();

	private ChatCompletionsStub(HttpServer server, Map<String, String> skillsByKeyword) {
		this.server = server;
		this.skillsByKeyword = Map.copyOf(skillsByKeyword);
	}

	static ChatCompletionsStub start(Map<String, String> skillsByKeyword) {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
			ChatCompletionsStub stub = new ChatCompletionsStub(server, skillsByKeyword);
			server.createContext("/", stub::handle);
			server.start();
			return stub;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1";
	}

	/**
	 * How many requests asked a question (carried no tool result).
	 * @return the count
	 */
	int questions() {
		return this.questions.get();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			JsonNode request;
			try (InputStream in = exchange.getRequestBody()) {
				request = JSON.readTree(in.readAllBytes());
			}
			byte[] body = JSON.writeValueAsBytes(answer(request));
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		}
	}

	private ObjectNode answer(JsonNode request) {
		String user = "";
		boolean toolResult = false;
		for (JsonNode message : request.path("messages")) {
			String role = message.path("role").asString();
			toolResult |= role.equals("tool");
			if (role.equals("user")) {
				user = message.path("content").isString() ? message.path("content").asString()
						: message.path("content").toString();
			}
		}
		boolean offersActivation = request.path("tools").toString().contains("activate_skill");
		ObjectNode message = JSON.createObjectNode();
		message.put("role", "assistant");
		message.putNull("refusal");
		if (!toolResult) {
			this.questions.incrementAndGet();
			for (Map.Entry<String, String> rule : this.skillsByKeyword.entrySet()) {
				if (offersActivation && user.contains(rule.getKey())) {
					message.putNull("content");
					ObjectNode call = message.putArray("tool_calls").addObject();
					call.put("id", "call_1");
					call.put("type", "function");
					call.putObject("function")
						.put("name", "activate_skill")
						.put("arguments", "{\"skill_name\":\"" + rule.getValue() + "\"}");
					return completion(message, "tool_calls");
				}
			}
		}
		message.put("content", "Done.");
		return completion(message, "stop");
	}

	private static ObjectNode completion(ObjectNode message, String finishReason) {
		ObjectNode completion = JSON.createObjectNode();
		completion.put("id", "chatcmpl-1");
		completion.put("object", "chat.completion");
		completion.put("created", 1_700_000_000L);
		completion.put("model", "gpt-4o-mini");
		ObjectNode choice = completion.putArray("choices").addObject();
		choice.put("index", 0);
		choice.set("message", message);
		choice.putNull("logprobs");
		choice.put("finish_reason", finishReason);
		completion.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 5).put("total_tokens", 15);
		return completion;
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
