package dev.skills.mcp.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpFeature;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The Skills Extension's own methods (SEP-2640) on the 2026-07-28 server:
 * {@code skills/list} (paginated), {@code skills/get} (by the URI of a {@code SKILL.md})
 * and {@code resources/directory/read} (the direct children of a skill folder, given
 * without a trailing slash), and the {@code io.modelcontextprotocol/skills} capability.
 * Each answers from the entries built once per snapshot; an unknown, escaping or
 * oversized URI or cursor is a JSON-RPC error {@code -32602} that names at most the first
 * characters of what was asked.
 */
final class SkillsFeature implements McpFeature {

	/** The extension's identifier in {@code capabilities.extensions}. */
	static final String EXTENSION = "io.modelcontextprotocol/skills";

	static final String LIST = "skills/list";

	static final String GET = "skills/get";

	static final String DIRECTORY_READ = "resources/directory/read";

	static final String DIRECTORY_MIME_TYPE = "inode/directory";

	// Longer than any URI this server gives out: refused before any look-up.
	static final int MAX_URI_CHARS = 4096;

	private static final int SHOWN_CHARS = 200;

	private final Supplier<ServedSkills> served;

	private final int pageSize;

	SkillsFeature(Supplier<ServedSkills> served, int pageSize) {
		this.served = served;
		this.pageSize = pageSize;
	}

	@Override
	public Set<String> methods() {
		return Set.of(LIST, GET, DIRECTORY_READ);
	}

	@Override
	public void capabilities(McpSchema.ServerCapabilities.Builder capabilities) {
		capabilities.extension(EXTENSION, Map.of("directoryRead", true));
	}

	@Override
	public Mono<? extends McpAsyncResponse<? extends McpSchema.Result>> handle(McpRequestContext context,
			Object params) {
		return Mono.fromCallable(() -> McpAsyncResponse.result(answer(context.method(), params)));
	}

	private McpSchema.Result answer(String method, @Nullable Object params) {
		ServedSkills served = this.served.get();
		return switch (method) {
			case LIST -> list(served, text(params, "cursor"));
			case GET -> get(served, uri(params));
			default -> directory(served, uri(params), text(params, "cursor"));
		};
	}

	private SkillsPage list(ServedSkills served, @Nullable String cursor) {
		int size = served.entries().size();
		int start = PageCursor.start(cursor, size);
		int end = Math.min(size, start + this.pageSize);
		return new SkillsPage(served.json(start, end), PageCursor.next(end, size), 0L, McpSchema.CacheScope.PRIVATE,
				"complete", null);
	}

	private SkillResult get(ServedSkills served, String uri) {
		ServedSkills.Entry entry = served.skill(uri);
		if (entry == null) {
			throw McpException.invalidParams("Unknown skill: " + shown(uri));
		}
		return new SkillResult(entry.json(), 0L, McpSchema.CacheScope.PRIVATE, "complete", null);
	}

	private DirectoryPage directory(ServedSkills served, String uri, @Nullable String cursor) {
		ServedSkills.Entry skill = served.skillOf(uri);
		List<Map<String, Object>> children = (skill != null) ? children(skill, uri) : List.of();
		if (skill == null || (children.isEmpty() && !uri.equals(skill.root()))) {
			throw McpException.invalidParams("Unknown skill folder: " + shown(uri));
		}
		int start = PageCursor.start(cursor, children.size());
		int end = Math.min(children.size(), start + this.pageSize);
		return new DirectoryPage(children.subList(start, end), PageCursor.next(end, children.size()), 0L,
				McpSchema.CacheScope.PRIVATE, "complete", null);
	}

	// The files and folders right below a folder; a file's URI segments are its path's
	// segments, encoded one by one, so the depth of the folder picks the child's name.
	private static List<Map<String, Object>> children(ServedSkills.Entry skill, String folder) {
		String prefix = folder + "/";
		int depth = (int) folder.substring(skill.root().length()).chars().filter((c) -> c == '/').count();
		Map<String, Map<String, Object>> children = new LinkedHashMap<>();
		for (ServedFile file : skill.files()) {
			if (!file.uri().startsWith(prefix)) {
				continue;
			}
			String rest = file.uri().substring(prefix.length());
			String[] path = file.path().split("/");
			int slash = rest.indexOf('/');
			Map<String, Object> child = new LinkedHashMap<>();
			if (slash < 0) {
				child.put("uri", file.uri());
				child.put("name", path[path.length - 1]);
				child.put("mimeType", file.mimeType());
				child.put("size", file.size());
			}
			else {
				child.put("uri", prefix + rest.substring(0, slash));
				child.put("name", path[depth]);
				child.put("mimeType", DIRECTORY_MIME_TYPE);
			}
			children.putIfAbsent((String) child.get("uri"), child);
		}
		return new ArrayList<>(children.values());
	}

	private static String uri(@Nullable Object params) {
		String uri = text(params, "uri");
		if (uri == null) {
			throw McpException.invalidParams("Missing uri");
		}
		if (uri.length() > MAX_URI_CHARS) {
			throw McpException.invalidParams("Unknown skill: the URI is longer than " + MAX_URI_CHARS + " characters");
		}
		return uri;
	}

	private static @Nullable String text(@Nullable Object params, String key) {
		Object value = (params instanceof Map<?, ?> map) ? map.get(key) : null;
		if (value != null && !(value instanceof String)) {
			throw McpException.invalidParams("'" + key + "' must be a string");
		}
		return (String) value;
	}

	/**
	 * What an error may echo of a URI a client sent: its first characters.
	 * @param uri the URI
	 * @return the URI, cut
	 */
	static String shown(String uri) {
		return (uri.length() <= SHOWN_CHARS) ? uri : uri.substring(0, SHOWN_CHARS) + "...";
	}

	/**
	 * A page of {@code skills/list}.
	 *
	 * @param skills the entries
	 * @param nextCursor the next page's cursor, if there is one
	 * @param ttlMs how long a client may cache the page
	 * @param cacheScope who may cache it
	 * @param resultType {@code complete}
	 * @param meta nothing
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record SkillsPage(List<Map<String, Object>> skills, @Nullable String nextCursor, Long ttlMs,
			McpSchema.CacheScope cacheScope, String resultType,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta) implements McpSchema.CacheableResult {

	}

	/**
	 * The answer to {@code skills/get}.
	 *
	 * @param skill the entry
	 * @param ttlMs how long a client may cache it
	 * @param cacheScope who may cache it
	 * @param resultType {@code complete}
	 * @param meta nothing
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record SkillResult(Map<String, Object> skill, Long ttlMs, McpSchema.CacheScope cacheScope, String resultType,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta) implements McpSchema.CacheableResult {

	}

	/**
	 * A page of {@code resources/directory/read}.
	 *
	 * @param resources the folder's children
	 * @param nextCursor the next page's cursor, if there is one
	 * @param ttlMs how long a client may cache the page
	 * @param cacheScope who may cache it
	 * @param resultType {@code complete}
	 * @param meta nothing
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record DirectoryPage(List<Map<String, Object>> resources, @Nullable String nextCursor, Long ttlMs,
			McpSchema.CacheScope cacheScope, String resultType,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta) implements McpSchema.CacheableResult {

	}

}
