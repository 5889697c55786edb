package dev.skills.mcp.server;

import java.nio.charset.StandardCharsets;

/**
 * The SEP-2640 URIs of skill files: {@code skill://<name>/SKILL.md} and
 * {@code skill://<name>/<path>}. Every segment that is not made of unreserved URI
 * characters only is percent-encoded (UTF-8), so a name or path can never add a segment,
 * a query or a fragment to the URI it is put in.
 */
public final class SkillUris {

	/** The scheme of skill resources. */
	public static final String SCHEME = "skill://";

	/** The well-known index of the skills a server serves. */
	public static final String INDEX = SCHEME + "index.json";

	/** The file name a skill's instructions are served under. */
	public static final String SKILL_FILE = "SKILL.md";

	private static final char[] HEX = "0123456789ABCDEF".toCharArray();

	private SkillUris() {
	}

	/**
	 * The URI of a skill's {@code SKILL.md}.
	 * @param skill the skill name
	 * @return {@code skill://<name>/SKILL.md}
	 */
	public static String skillFile(String skill) {
		return SCHEME + segment(skill) + "/" + SKILL_FILE;
	}

	/**
	 * The URI of a file a skill bundles.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder, {@code /}-separated
	 * @return {@code skill://<name>/<path>}, each segment encoded
	 */
	public static String file(String skill, String path) {
		StringBuilder uri = new StringBuilder(SCHEME).append(segment(skill));
		for (String part : path.split("/", -1)) {
			uri.append('/').append(segment(part));
		}
		return uri.toString();
	}

	/**
	 * Percent-encode one segment: everything but {@code A-Z a-z 0-9 - . _ ~}. A segment
	 * of only dots is encoded whole, so that it cannot read as {@code .} or {@code ..}.
	 * @param segment the raw segment
	 * @return the encoded segment
	 */
	static String segment(String segment) {
		boolean dots = !segment.isEmpty() && segment.chars().allMatch((c) -> c == '.');
		StringBuilder out = new StringBuilder(segment.length());
		for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
			int c = b & 0xFF;
			if (!dots && isUnreserved(c)) {
				out.append((char) c);
			}
			else {
				out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
			}
		}
		return out.toString();
	}

	private static boolean isUnreserved(int c) {
		return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
				|| c == '_' || c == '~';
	}

}
