package dev.skills.test;

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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible Chat Completions endpoint on 127.0.0.1 that plays the model by
 * script, for tests that go through the real OpenAI client: point
 * {@code spring.ai.openai.base-url} at {@link #baseUrl()} (any api key will do). Each
 * {@code POST /v1/chat/completions} takes the next step of the script (a tool call or a
 * text answer, possibly computed from the request); once the script is used up a rule set
 * with {@link #otherwise(Function)} answers, or the request gets an error response. Every
 * request body is recorded. Streaming ({@code "stream": true}) is not supported. The
 * server runs on one thread of its own, which {@link #close()} ends.
 */
public final class ChatCompletionsStub implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String PATH = "/v1/chat/completions";

	private final HttpServer server;

	private final ExecutorService executor;

	private final Deque<Function<JsonNode, Reply>> script = new ArrayDeque<>();

	private final List<JsonNode> requests = new ArrayList<>();

	private @Nullable Function<JsonNode, Reply> rule;

	private int calls;

	private ChatCompletionsStub(HttpServer server, ExecutorService executor) {
		this.server = server;
		this.executor = executor;
	}

	/**
	 * Start a stub on a free port of the loopback address.
	 * @return the running stub
	 */
	public static ChatCompletionsStub start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
			ExecutorService executor = Executors.newSingleThreadExecutor((task) -> {
				Thread thread = new Thread(task, "chat-completions-stub");
				thread.setDaemon(true);
				return thread;
			});
			ChatCompletionsStub stub = new ChatCompletionsStub(server, executor);
			server.setExecutor(executor);
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
	 * @return {@code http://127.0.0.1:<port>/v1}
	 */
	public String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1";
	}

	/**
	 * Answer the next request with a call of one tool.
	 * @param tool the tool name, such as {@code activate_skill}
	 * @param arguments the arguments as JSON, such as {@code {"skill_name":"pdf"}}
	 * @return this stub
	 */
	public ChatCompletionsStub thenCall(String tool, String arguments) {
		Reply reply = Reply.toolCall(tool, arguments);
		return then((request) -> reply);
	}

	/**
	 * Answer the next request with text, which ends the tool loop.
	 * @param text the answer
	 * @return this stub
	 */
	public ChatCompletionsStub thenAnswer(String text) {
		Reply reply = Reply.answer(text);
		return then((request) -> reply);
	}

	/**
	 * Answer the next request with a reply computed from its body.
	 * @param step the reply for a request body
	 * @return this stub
	 */
	public synchronized ChatCompletionsStub then(Function<JsonNode, Reply> step) {
		this.script.add(step);
		return this;
	}

	/**
	 * Answer every request that comes after the script is used up, for a model that plays
	 * by rule rather than by a fixed sequence.
	 * @param rule the reply for a request body
	 * @return this stub
	 */
	public synchronized ChatCompletionsStub otherwise(Function<JsonNode, Reply> rule) {
		this.rule = rule;
		return this;
	}

	/**
	 * The bodies of the chat completion requests received so far.
	 * @return the bodies, oldest first
	 */
	public synchronized List<JsonNode> requests() {
		return List.copyOf(this.requests);
	}

	/**
	 * Forget the requests received so far, the steps not used yet and the rule.
	 */
	public synchronized void reset() {
		this.requests.clear();
		this.script.clear();
		this.rule = null;
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			byte[] request;
			try (InputStream in = exchange.getRequestBody()) {
				request = in.readAllBytes();
			}
			Response response = respond(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), request);
			byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(response.status(), body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		}
	}

	private synchronized Response respond(String method, String path, byte[] body) {
		if (!"POST".equals(method) || !PATH.equals(path)) {
			return Response.error(404, "the stub serves only POST " + PATH + ", not " + method + " " + path);
		}
		JsonNode request;
		try {
			request = JSON.readTree(body);
		}
		catch (JacksonException ex) {
			return Response.error(400, "the request body is not JSON");
		}
		this.requests.add(request);
		if (request.path("stream").asBoolean(false)) {
			return Response.error(400, "the stub does not stream: set stream to false");
		}
		Function<JsonNode, Reply> step = this.script.poll();
		if (step == null) {
			step = this.rule;
		}
		if (step == null) {
			return Response.error(500, "the script has no answer for request " + this.requests.size());
		}
		return new Response(200, JSON.writeValueAsString(completion(step.apply(request))));
	}

	private ObjectNode completion(Reply reply) {
		this.calls++;
		ObjectNode message = JSON.createObjectNode();
		message.put("role", "assistant");
		message.putNull("refusal");
		if (reply.tool() != null) {
			message.putNull("content");
			ObjectNode call = message.putArray("tool_calls").addObject();
			call.put("id", "call_" + this.calls);
			call.put("type", "function");
			call.putObject("function").put("name", reply.tool()).put("arguments", reply.arguments());
		}
		else {
			message.put("content", reply.text());
		}
		ObjectNode completion = JSON.createObjectNode();
		completion.put("id", "chatcmpl-" + this.calls);
		completion.put("object", "chat.completion");
		completion.put("created", 1_700_000_000L);
		completion.put("model", "stub");
		ObjectNode choice = completion.putArray("choices").addObject();
		choice.put("index", 0);
		choice.set("message", message);
		choice.putNull("logprobs");
		choice.put("finish_reason", (reply.tool() != null) ? "tool_calls" : "stop");
		completion.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 5).put("total_tokens", 15);
		return completion;
	}

	/**
	 * Stop the server and its thread.
	 */
	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	/**
	 * One answer of the stub: a call of one tool, or a text answer.
	 *
	 * @param tool the tool to call, or {@code null} for a text answer
	 * @param arguments the tool's arguments as JSON, or {@code null} for a text answer
	 * @param text the answer, or {@code null} for a tool call
	 */
	public record Reply(@Nullable String tool, @Nullable String arguments, @Nullable String text) {

		/**
		 * A reply is either a tool call (tool and arguments) or a text answer.
		 * @throws IllegalArgumentException if it is neither or both
		 */
		public Reply {
			if ((tool == null) == (text == null) || (tool == null) != (arguments == null)) {
				throw new IllegalArgumentException("A reply is a tool with arguments or a text, not both or neither");
			}
		}

		/**
		 * A call of one tool.
		 * @param tool the tool name
		 * @param arguments the arguments as JSON
		 * @return the reply
		 */
		public static Reply toolCall(String tool, String arguments) {
			return new Reply(tool, arguments, null);
		}

		/**
		 * A text answer, which ends the tool loop.
		 * @param text the answer
		 * @return the reply
		 */
		public static Reply answer(String text) {
			return new Reply(null, null, text);
		}

	}

	private record Response(int status, String body) {

		static Response error(int status, String message) {
			ObjectNode error = JSON.createObjectNode();
			error.putObject("error").put("message", message).put("type", "invalid_request_error");
			return new Response(status, JSON.writeValueAsString(error));
		}

	}

}
