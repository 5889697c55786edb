package dev.skills.autoconfigure.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The only fake: an OpenAI chat completions endpoint on 127.0.0.1 that answers from a
 * script and records every request body. The application talks to it over real HTTP with
 * the real OpenAI client.
 */
public final class OpenAiStub implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpServer server;

	private final Deque<ObjectNode> script = new ArrayDeque<>();

	private final List<JsonNode> requests = new ArrayList<>();

	private int calls;

	private OpenAiStub(HttpServer server) {
		this.server = server;
	}

	/**
	 * Start a stub on a free port.
	 * @return the running stub
	 */
	public static OpenAiStub start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
			OpenAiStub stub = new OpenAiStub(server);
			server.createContext("/", stub::handle);
			server.start();
			return stub;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The value for {@code spring.ai.openai.base-url}.
	 * @return {@code http://127.0.0.1:PORT/v1}
	 */
	public String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1";
	}

	/**
	 * Answer the next request with a call of one tool.
	 * @param tool the tool name
	 * @param arguments the arguments as JSON
	 * @return this stub
	 */
	public synchronized OpenAiStub thenCall(String tool, String arguments) {
		ObjectNode message = JSON.createObjectNode();
		message.put("role", "assistant");
		message.putNull("content");
		message.putNull("refusal");
		ObjectNode call = message.putArray("tool_calls").addObject();
		call.put("id", "call_" + (this.script.size() + 1));
		call.put("type", "function");
		call.putObject("function").put("name", tool).put("arguments", arguments);
		this.script.add(completion(message, "tool_calls"));
		return this;
	}

	/**
	 * Answer the next request with text, ending the tool loop.
	 * @param text the answer
	 * @return this stub
	 */
	public synchronized OpenAiStub thenAnswer(String text) {
		ObjectNode message = JSON.createObjectNode();
		message.put("role", "assistant");
		message.put("content", text);
		message.putNull("refusal");
		this.script.add(completion(message, "stop"));
		return this;
	}

	/**
	 * The request bodies received so far.
	 * @return the bodies, oldest first
	 */
	public synchronized List<JsonNode> requests() {
		return List.copyOf(this.requests);
	}

	/**
	 * Forget the requests received so far and any unused answers.
	 */
	public synchronized void reset() {
		this.requests.clear();
		this.script.clear();
	}

	private ObjectNode completion(ObjectNode message, String finishReason) {
		ObjectNode completion = JSON.createObjectNode();
		completion.put("id", "chatcmpl-" + this.script.size());
		completion.put("object", "chat.completion");
		completion.put("created", 1_700_000_000L);
		completion.put("model", "gpt-4o-mini");
		ArrayNode choices = completion.putArray("choices");
		ObjectNode choice = choices.addObject();
		choice.put("index", 0);
		choice.set("message", message);
		choice.putNull("logprobs");
		choice.put("finish_reason", finishReason);
		completion.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 5).put("total_tokens", 15);
		return completion;
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			byte[] body;
			int status;
			synchronized (this) {
				this.calls++;
				String text;
				try (InputStream in = exchange.getRequestBody()) {
					text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
				}
				if (!"POST".equals(exchange.getRequestMethod())
						|| !"/v1/chat/completions".equals(exchange.getRequestURI().getPath())) {
					status = 404;
					body = ("{\"error\":{\"message\":\"stub knows only POST /v1/chat/completions, not "
							+ exchange.getRequestMethod() + " " + exchange.getRequestURI() + "\"}}")
						.getBytes(StandardCharsets.UTF_8);
				}
				else {
					this.requests.add(JSON.readTree(text));
					ObjectNode answer = this.script.poll();
					if (answer == null) {
						status = 500;
						body = "{\"error\":{\"message\":\"the script has no more answers\"}}"
							.getBytes(StandardCharsets.UTF_8);
					}
					else {
						status = 200;
						body = JSON.writeValueAsBytes(answer);
					}
				}
			}
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(status, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
