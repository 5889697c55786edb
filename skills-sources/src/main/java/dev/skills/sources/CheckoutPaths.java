package dev.skills.sources;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The one rule for a path a source writes into a revision (a git tree entry, an archive
 * entry, a file an index lists): relative, inside the folder, and short and shallow
 * enough for any file system and far beyond what the registry reads. A path that breaks
 * it skips its entry (and its skill), never the revision.
 */
public final class CheckoutPaths {

	/** The most folders a path may go down, far below the registry's discovery depth. */
	public static final int MAX_DEPTH = 32;

	/** The longest path, in characters. */
	public static final int MAX_LENGTH = 1024;

	/**
	 * The longest name of one file or folder, in UTF-8 bytes (most file systems' limit).
	 */
	public static final int MAX_NAME_BYTES = 255;

	private CheckoutPaths() {
	}

	/**
	 * A path as a source names it, made {@code /}-separated without empty or {@code .}
	 * segments, and checked.
	 * @param raw the path as given
	 * @return the path, or {@code null} when it names the folder itself
	 * @throws IllegalArgumentException when it is absolute, climbs with {@code ..}, holds
	 * a NUL, or is too long or too deep; the message says which, without the path
	 */
	public static @Nullable String normalize(String raw) {
		if (raw.indexOf('\0') >= 0) {
			throw new IllegalArgumentException("holds a NUL character");
		}
		String path = raw.replace('\\', '/');
		if (path.startsWith("/") || path.matches("^[A-Za-z]:.*")) {
			throw new IllegalArgumentException("leaves the folder: an absolute path");
		}
		if (path.length() > MAX_LENGTH) {
			throw new IllegalArgumentException("is longer than " + MAX_LENGTH + " characters");
		}
		List<String> segments = new ArrayList<>();
		for (String segment : path.split("/")) {
			if (segment.equals("..")) {
				throw new IllegalArgumentException("leaves the folder: it climbs with '..'");
			}
			if (!segment.isEmpty() && !segment.equals(".")) {
				if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
					throw new IllegalArgumentException("has a name longer than " + MAX_NAME_BYTES + " bytes");
				}
				segments.add(segment);
			}
		}
		if (segments.size() > MAX_DEPTH + 1) {
			throw new IllegalArgumentException("is deeper than " + MAX_DEPTH + " folders");
		}
		return segments.isEmpty() ? null : String.join("/", segments);
	}

}
