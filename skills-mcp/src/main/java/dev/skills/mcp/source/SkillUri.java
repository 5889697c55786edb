package dev.skills.mcp.source;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A {@code skill://} URI taken apart into its decoded path segments. Only plain segments
 * are accepted: not empty, not {@code .} or {@code ..}, no slash, backslash, colon or
 * control character once decoded, so that a URI never names a file outside its skill's
 * folder in the cache.
 *
 * @param uri the URI as the server listed it
 * @param segments the decoded segments after {@code skill://}
 */
record SkillUri(String uri, List<String> segments) {

	static final String SCHEME = "skill://";

	static final String SKILL_FILE = "SKILL.md";

	static final String INDEX = SCHEME + "index.json";

	/**
	 * Parse a URI.
	 * @param uri the URI
	 * @return its segments, or {@code null} when it is no {@code skill://} URI with plain
	 * segments
	 */
	static @Nullable SkillUri parse(String uri) {
		if (!uri.startsWith(SCHEME) || uri.indexOf('?') >= 0 || uri.indexOf('#') >= 0) {
			return null;
		}
		List<String> segments = new ArrayList<>();
		for (String raw : uri.substring(SCHEME.length()).split("/", -1)) {
			String segment;
			try {
				segment = URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
			}
			catch (IllegalArgumentException ex) {
				return null;
			}
			if (!plain(segment)) {
				return null;
			}
			segments.add(segment);
		}
		return new SkillUri(uri, List.copyOf(segments));
	}

	/**
	 * Whether this URI names a skill's {@code SKILL.md}: at least one segment before it.
	 * @return whether it is a skill's entry point
	 */
	boolean isSkillFile() {
		return this.segments.size() >= 2 && this.segments.get(this.segments.size() - 1).equals(SKILL_FILE);
	}

	/**
	 * The segments of the skill's folder, for a {@code SKILL.md} URI.
	 * @return every segment but the last
	 */
	List<String> folder() {
		return this.segments.subList(0, this.segments.size() - 1);
	}

	private static boolean plain(String segment) {
		if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || segment.length() > 255) {
			return false;
		}
		for (int i = 0; i < segment.length(); i++) {
			char c = segment.charAt(i);
			if (c == '/' || c == '\\' || c == ':' || Character.isISOControl(c)) {
				return false;
			}
		}
		return true;
	}

}
