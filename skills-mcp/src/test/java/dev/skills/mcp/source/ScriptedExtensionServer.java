package dev.skills.mcp.source;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A server on loopback that speaks the Skills Extension's JSON-RPC on protocol 2026-07-28
 * as the test scripts it, honest or hostile: {@code server/discover} declares the
 * extension (unless told not to), each other method answers with the result the test
 * gives for its params. Records every request.
 */
final class ScriptedExtensionServer implements AutoCloseable {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	static {
		// Without it each answer waits for the client's delayed ACK (headers and body
		// are two writes): 40 ms a request.
		System.setProperty("sun.net.httpserver.nodelay", "true");
	}

	private final HttpServer http;

	private final ExecutorService executor = Executors.newFixedThreadPool(2);

	private final Map<String, Function<JsonNode, String>> results = new ConcurrentHashMap<>();

	private final List<String> requests = new CopyOnWriteArrayList<>();

	ScriptedExtensionServer() throws IOException {
		this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.http.setExecutor(this.executor);
		this.http.createContext("/mcp/skills", this::answer);
		this.http.start();
		answer("server/discover", (params) -> """
				{"supportedVersions":["2026-07-28"],"capabilities":{"resources":{},
				"extensions":{"io.modelcontextprotocol/skills":{}}},"ttlMs":0,"cacheScope":"private",
				"serverInfo":{"name":"scripted","version":"1"}}""");
	}

	String url() {
		return "http://127.0.0.1:" + this.http.getAddress().getPort() + "/mcp/skills";
	}

	/**
	 * Answer a method with a result, given its params.
	 * @param method the method
	 * @param result the result's JSON for the params; {@code null} for a -32602 error
	 */
	void answer(String method, Function<JsonNode, String> result) {
		this.results.put(method, result);
	}

	/**
	 * Serve one file honestly through {@code resources/read}, besides the answers already
	 * given.
	 * @param uri its URI
	 * @param text its text
	 */
	void file(String uri, String text) {
		Function<JsonNode, String> before = this.results.getOrDefault("resources/read", (params) -> null);
		answer("resources/read",
				(params) -> uri.equals(params.path("uri").asString()) ? read(uri, text) : before.apply(params));
	}

	/**
	 * The requests received, each as its method and its params' {@code uri} or
	 * {@code cursor}.
	 * @return the requests, in order
	 */
	List<String> requests() {
		return this.requests;
	}

	static String read(String uri, String text) {
		return "{\"contents\":[{\"uri\":" + MAPPER.writeValueAsString(uri) + ",\"mimeType\":\"text/markdown\",\"text\":"
				+ MAPPER.writeValueAsString(text) + "}]}";
	}

	/**
	 * A {@code skills/list} entry of one skill, listing files with their true sizes and
	 * digests.
	 * @param name the skill's name
	 * @param description its description, as the frontmatter has it
	 * @param files the files' URIs and texts, its SKILL.md among them
	 * @return the entry's JSON
	 */
	static String entry(String name, String description, Map<String, String> files) {
		StringBuilder resources = new StringBuilder();
		files.forEach((uri, text) -> resources.append(resources.isEmpty() ? "" : ",")
			.append(resource(uri, text.getBytes(StandardCharsets.UTF_8).length, digest(text))));
		return "{\"uri\":\"skill://" + name + "/SKILL.md\",\"frontmatter\":{\"name\":\"" + name
				+ "\",\"description\":\"" + description + "\"},\"resources\":[" + resources + "]}";
	}

	static String resource(String uri, long size, String digest) {
		return "{\"uri\":" + MAPPER.writeValueAsString(uri) + ",\"digest\":\"sha256:" + digest + "\",\"size\":" + size
				+ "}";
	}

	static String skillMd(String name, String description) {
		return "---\nname: " + name + "\ndescription: " + description + "\n---\n\nInstructions of " + name + ".\n";
	}

	static String digest(String text) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void answer(HttpExchange exchange) throws IOException {
		try (exchange) {
			JsonNode request = MAPPER.readTree(exchange.getRequestBody().readAllBytes());
			String method = request.path("method").asString();
			JsonNode params = request.path("params");
			this.requests.add(method + " " + params.path("uri").asString(params.path("cursor").asString("")));
			String result = this.results.getOrDefault(method, (p) -> null).apply(params);
			String body = "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + "," + ((result != null)
					? "\"result\":" + result : "\"error\":{\"code\":-32602,\"message\":\"not found\"}") + "}";
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		}
	}

	@Override
	public void close() {
		this.http.stop(0);
		this.executor.shutdownNow();
	}

}
