package dev.skills.mcp.server;

import java.net.URLConnection;
import java.util.Locale;
import java.util.Map;

/**
 * The MIME type a skill file is listed with, by its extension: {@code text/markdown} for
 * Markdown (and so every {@code SKILL.md}), the common script and data formats skills
 * bundle, then the JDK's table, then {@code text/plain}.
 */
final class SkillMimeTypes {

	static final String MARKDOWN = "text/markdown";

	private static final Map<String, String> KNOWN = Map.ofEntries(Map.entry("md", MARKDOWN),
			Map.entry("markdown", MARKDOWN), Map.entry("json", "application/json"),
			Map.entry("yaml", "application/yaml"), Map.entry("yml", "application/yaml"),
			Map.entry("py", "text/x-python"), Map.entry("sh", "application/x-sh"), Map.entry("js", "text/javascript"),
			Map.entry("mjs", "text/javascript"), Map.entry("ts", "text/x-typescript"), Map.entry("csv", "text/csv"),
			Map.entry("xml", "application/xml"), Map.entry("html", "text/html"), Map.entry("txt", "text/plain"),
			Map.entry("pdf", "application/pdf"), Map.entry("png", "image/png"), Map.entry("svg", "image/svg+xml"));

	private SkillMimeTypes() {
	}

	static String of(String path) {
		int slash = path.lastIndexOf('/');
		int dot = path.lastIndexOf('.');
		if (dot > slash) {
			String known = KNOWN.get(path.substring(dot + 1).toLowerCase(Locale.ROOT));
			if (known != null) {
				return known;
			}
		}
		String guessed = URLConnection.getFileNameMap().getContentTypeFor(path.substring(slash + 1));
		return (guessed != null) ? guessed : "text/plain";
	}

}
