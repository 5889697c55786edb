package dev.skills.mcp.source;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;
import dev.skills.sources.FetchLimitException;
import dev.skills.sources.http.FetchRules;
import dev.skills.sources.http.GuardedHttp;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Bounded JSON-RPC calls to one server on protocol 2026-07-28 (no {@code initialize}, no
 * session): {@code server/discover}, {@code skills/list}, {@code resources/list} and
 * {@code resources/read}. Every call goes through the sources' guarded HTTP client, so it
 * reaches only the configured URL's origin, waits at most its timeout, and reads at most
 * a bounded body (a page, or a file's worst-case JSON encoding).
 * <p>
 * The MCP Java SDK 2.2.0 has a client for 2026-07-28, but it cannot send
 * {@code skills/list} or {@code skills/get}: its {@code McpSyncClient} has no request of
 * a method it does not know, and sending through its transport alone would leave the
 * origin rules, the deadline and the byte bound of the other remote sources behind.
 */
final class ExtensionReads implements McpReads {

	/** The Skills Extension's id, as {@code server/discover} declares it. */
	static final String EXTENSION = "io.modelcontextprotocol/skills";

	private static final String PROTOCOL = "2026-07-28";

	private static final long MAX_PAGE_BYTES = 16L * 1024 * 1024;

	// The JSON of a text may escape each byte as six characters (\\u00XX), and a few
	// kilobytes carry the envelope and _meta.
	private static final long ENVELOPE_BYTES = 64 * 1024;

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final URI url;

	private final GuardedHttp http;

	private final AtomicLong ids = new AtomicLong();

	/**
	 * Create the calls to an endpoint, which reach its origin only.
	 * @param url the endpoint ({@code https://host/mcp/skills})
	 * @param name the source's name, for the threads' names
	 */
	ExtensionReads(URI url, String name) {
		this.http = new GuardedHttp(new FetchRules(url, Set.of(), Map.of()), "skills-mcp-" + name);
		this.url = url;
	}

	/**
	 * Whether the server declares the Skills Extension in {@code server/discover}.
	 * @param timeout the longest the call may take
	 * @return whether {@code capabilities.extensions} names {@value #EXTENSION}; false
	 * when the server answers the probe with an error
	 * @throws IOException when the server cannot be reached or does not answer in time
	 */
	boolean declaresSkills(Duration timeout) throws IOException {
		JsonNode result = call("server/discover", MAPPER.createObjectNode(), timeout, MAX_PAGE_BYTES, true);
		return result != null && result.path("capabilities").path("extensions").has(EXTENSION);
	}

	/**
	 * Every entry of {@code skills/list}, following {@code nextCursor}.
	 * @param timeout the longest each page may take
	 * @param maxFiles the most files the entries may list together
	 * @return the entries, as the server sent them
	 * @throws IOException when a page fails, there are more than {@link #MAX_PAGES}
	 * pages, or more files than allowed
	 */
	List<JsonNode> skills(Duration timeout, int maxFiles) throws IOException {
		List<JsonNode> entries = new ArrayList<>();
		int files = 0;
		for (JsonNode page : pages("skills/list", timeout)) {
			for (JsonNode entry : page.path("skills")) {
				files += Math.max(1, entry.path("resources").size());
				if (files > maxFiles) {
					throw new IOException("the server lists more than " + maxFiles + " skill files");
				}
				entries.add(entry);
			}
		}
		return entries;
	}

	@Override
	public List<Resource> list(Duration timeout, int maxResources) throws IOException {
		List<Resource> resources = new ArrayList<>();
		int listed = 0;
		for (JsonNode page : pages("resources/list", timeout)) {
			for (JsonNode node : page.path("resources")) {
				McpReads.keep(convert(node, Resource.class, "resources/list"), ++listed, maxResources, resources);
			}
		}
		return resources;
	}

	@Override
	public byte[] read(String uri, long maxBytes, Duration timeout) throws IOException {
		ObjectNode params = MAPPER.createObjectNode().put("uri", uri);
		long bound = Math.min(Long.MAX_VALUE / 8, maxBytes) * 6 + ENVELOPE_BYTES;
		JsonNode result = call("resources/read", params, timeout, bound, false);
		return ResourceReads.bytes(uri, convert(result, ReadResourceResult.class, "resources/read of " + uri),
				maxBytes);
	}

	@Override
	public void close() {
		this.http.close();
	}

	// Every page of a paginated method; a page that repeats no cursor ends it.
	private List<JsonNode> pages(String method, Duration timeout) throws IOException {
		List<JsonNode> pages = new ArrayList<>();
		String cursor = null;
		for (int page = 0; page < MAX_PAGES; page++) {
			ObjectNode params = MAPPER.createObjectNode();
			if (cursor != null) {
				params.put("cursor", cursor);
			}
			JsonNode result = call(method, params, timeout, MAX_PAGE_BYTES, false);
			pages.add(result);
			JsonNode next = result.path("nextCursor");
			if (!next.isString() || next.stringValue().isEmpty()) {
				return pages;
			}
			cursor = next.stringValue();
		}
		throw new IOException("the server's " + method + " has more than " + MAX_PAGES + " pages");
	}

	// One request; its answer as JSON or as the first message of an event stream. The
	// method, and the URI asked for, are mirrored in headers as 2026-07-28 asks.
	private @Nullable JsonNode call(String method, ObjectNode params, Duration timeout, long maxBytes,
			boolean errorIsNull) throws IOException {
		String what = params.has("uri") ? method + " of " + params.get("uri").stringValue() : method;
		long id = this.ids.incrementAndGet();
		params.putObject("_meta")
			.put("io.modelcontextprotocol/protocolVersion", PROTOCOL)
			.putObject("io.modelcontextprotocol/clientCapabilities");
		ObjectNode body = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
		body.set("params", params);
		HttpRequest.Builder request = HttpRequest.newBuilder(this.url)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.header("MCP-Protocol-Version", PROTOCOL)
			.header("Mcp-Method", method)
			.POST(HttpRequest.BodyPublishers.ofString(MAPPER.writeValueAsString(body)));
		JsonNode answer;
		try (GuardedHttp.Response response = this.http.send(name(request, params).build(), Deadline.after(timeout),
				new FetchBudget(1, maxBytes))) {
			if (response.status() != 200) {
				throw new IOException(what + " answered HTTP " + response.status());
			}
			boolean events = response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
			answer = events ? firstEvent(response.body(), what) : parse(response.body().readAllBytes(), what);
		}
		catch (FetchLimitException ex) {
			throw new IOException(what + ": " + ex.getMessage().replace("more than", "answered more than"));
		}
		JsonNode error = answer.get("error");
		if (error != null) {
			if (errorIsNull) {
				return null;
			}
			throw new IOException(what + " failed: " + error.path("code").asInt() + " "
					+ ModelText.echo(error.path("message").asString(""), 200));
		}
		JsonNode result = answer.get("result");
		if (result == null || !result.isObject() || answer.path("id").asLong() != id) {
			throw new IOException(what + " answered without its result");
		}
		return result;
	}

	private static HttpRequest.Builder name(HttpRequest.Builder request, ObjectNode params) throws IOException {
		if (!params.has("uri")) {
			return request;
		}
		try {
			return request.header("Mcp-Name", params.get("uri").stringValue());
		}
		catch (IllegalArgumentException ex) {
			throw new IOException(params.get("uri").stringValue() + " cannot be sent in a header");
		}
	}

	// An event stream may carry notifications before the answer: the first message
	// with a result or an error is it.
	private static JsonNode firstEvent(InputStream body, String method) throws IOException {
		String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
		StringBuilder data = new StringBuilder();
		for (String line : (text + "\n\n").split("\r?\n", -1)) {
			if (line.startsWith("data:")) {
				data.append(line.substring(5).stripLeading()).append('\n');
			}
			else if (line.isEmpty() && !data.isEmpty()) {
				JsonNode message = parse(data.toString().getBytes(StandardCharsets.UTF_8), method);
				if (message.has("result") || message.has("error")) {
					return message;
				}
				data.setLength(0);
			}
		}
		throw new IOException(method + " answered with no result in its event stream");
	}

	private static JsonNode parse(byte[] bytes, String method) throws IOException {
		try {
			return MAPPER.readTree(bytes);
		}
		catch (JacksonException ex) {
			throw new IOException(method + " answered with no JSON: " + ModelText.echo(ex.getOriginalMessage(), 200));
		}
	}

	private static <T> T convert(JsonNode node, Class<T> type, String what) throws IOException {
		try {
			return MAPPER.treeToValue(node, type);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			throw new IOException(
					what + " answered in an unknown shape: " + ModelText.echo(String.valueOf(ex.getMessage()), 200));
		}
	}

}
