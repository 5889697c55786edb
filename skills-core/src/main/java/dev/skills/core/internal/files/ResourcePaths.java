package dev.skills.core.internal.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.internal.prompt.ModelText;
import org.jspecify.annotations.Nullable;

/**
 * A bundled file's read as the model sees it: the path asked for is checked before
 * anything is opened (only plain relative paths inside the skill folder pass), and what
 * comes back, text, a note or an error, names no server path.
 */
final class ResourcePaths {

	/** Why a link whose real path leaves the skill folder is rejected. */
	static final String OUTSIDE = "it links outside the skill folder";

	/** Why a hidden file or tool cache is rejected. */
	static final String HIDDEN = "hidden files and tool caches are not readable";

	private static final Set<String> BINARY_EXTENSIONS = Set.of("png", "jpg", "jpeg", "gif", "webp", "bmp", "ico",
			"tif", "tiff", "pdf", "zip", "gz", "tgz", "bz2", "xz", "7z", "rar", "jar", "war", "class", "so", "dll",
			"dylib", "exe", "bin", "o", "a", "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "wav", "ogg", "mov",
			"avi", "webm", "sqlite", "db", "pyc", "docx", "xlsx", "pptx");

	// A NUL byte within this many leading bytes marks a file as binary.
	private static final int BINARY_SNIFF_BYTES = 8 * 1024;

	// How many names a not-found message and a folder listing offer, in how many
	// characters; a longer name (or one with control or bidi characters) is shown cut.
	private static final int MAX_NAMED = 20;

	private static final int MAX_NAMED_CHARS = 2_000;

	private static final int MAX_LISTED = 200;

	private static final int MAX_LISTED_CHARS = 20_000;

	private static final int MAX_NAME_CHARS = 300;

	private ResourcePaths() {
	}

	// The path without "./" segments or a trailing "/"; empty for the skill folder.
	static String check(String skill, @Nullable String path) {
		if (path == null) {
			throw new SkillResourceException(Reason.REJECTED, "Cannot read a file from skill '" + ModelText.echo(skill)
					+ "': no path given; give a path relative to the skill folder.");
		}
		if (path.indexOf('\0') >= 0) {
			throw rejected(skill, path, "it contains a NUL character");
		}
		if (path.indexOf('\\') >= 0) {
			throw rejected(skill, path, "use '/' as the separator, not '\\'");
		}
		if (path.startsWith("/") || path.startsWith("~") || path.matches("^[A-Za-z]:.*")) {
			throw rejected(skill, path, "it is absolute; give a path relative to the skill folder");
		}
		StringBuilder normalized = new StringBuilder();
		for (String segment : path.split("/")) {
			if (segment.isEmpty() || segment.equals(".")) {
				continue;
			}
			if (segment.equals("..")) {
				throw rejected(skill, path, "'..' would leave the skill folder");
			}
			if (SkillFiles.isSkipped(segment)) {
				throw rejected(skill, path, HIDDEN);
			}
			normalized.append((normalized.length() > 0) ? "/" : "").append(segment);
		}
		return normalized.toString();
	}

	static SkillResourceException rejected(String skill, String path, String why) {
		return new SkillResourceException(Reason.REJECTED, cannotRead(skill, path) + why + ".");
	}

	// Only the reason is kept: the exception's own message names a server path.
	static SkillResourceException unreadable(String skill, String path, IOException ex) {
		String reason = (ex instanceof FileSystemException fileSystem) ? fileSystem.getReason() : null;
		return new SkillResourceException(Reason.UNREADABLE,
				cannotRead(skill, path) + ((reason != null) ? reason : "it cannot be read") + ".");
	}

	private static String cannotRead(String skill, String path) {
		return "Cannot read '" + ModelText.echo(path) + "' from skill '" + ModelText.echo(skill) + "': ";
	}

	static SkillResourceException notFound(String skill, String path, List<String> files) {
		String available = files.isEmpty() ? "It bundles no files."
				: "Its files: " + names(files, MAX_NAMED, MAX_NAMED_CHARS, ", ") + ".";
		return new SkillResourceException(Reason.NOT_FOUND,
				"Skill '" + ModelText.echo(skill) + "' has no file '" + ModelText.echo(path) + "'. " + available);
	}

	// Reads and closes the head of a file; what was read corrects a size too small.
	static String file(String path, InputStream stream, long size, int maxBytes) throws IOException {
		byte[] head;
		try (InputStream in = stream) {
			head = in.readNBytes(Math.max(maxBytes, BINARY_SNIFF_BYTES) + 1);
		}
		long length = Math.max(size, head.length);
		int dot = path.lastIndexOf('.');
		if ((dot >= 0 && BINARY_EXTENSIONS.contains(path.substring(dot + 1).toLowerCase(Locale.ROOT)))
				|| hasNul(head)) {
			return path + " is a binary file (" + length + " bytes); its content is not shown.";
		}
		int shown = ModelText.characterStart(head, Math.min(head.length, maxBytes));
		String text = new String(head, 0, shown, StandardCharsets.UTF_8);
		if (length > shown) {
			text += "\n\n[Truncated: showing the first " + shown + " of " + length + " bytes of " + path + "]";
		}
		return text;
	}

	// A FIFO, socket or device is never opened: reading it could block or never end.
	static String special(String path) {
		return path + " is not a regular file (a FIFO, socket or device); its content is not read.";
	}

	// The listed files below a folder (empty for the skill folder).
	static String listing(String path, List<String> listed) {
		String prefix = path.isEmpty() ? "" : path + "/";
		List<String> files = listed.stream().filter((file) -> file.startsWith(prefix)).toList();
		String name = path.isEmpty() ? "The skill folder" : path + "/";
		if (files.isEmpty()) {
			return name + " is a folder with no readable files.";
		}
		return name + " is a folder; read one of its files:\n" + names(files, MAX_LISTED, MAX_LISTED_CHARS, "\n");
	}

	// At most max echoed names within maxChars, then how many more there are.
	private static String names(List<String> files, int max, int maxChars, String separator) {
		StringBuilder out = new StringBuilder();
		int shown = 0;
		for (String file : files) {
			String name = ModelText.echo(file, MAX_NAME_CHARS);
			if (shown == max || out.length() + name.length() > maxChars) {
				break;
			}
			out.append((shown++ > 0) ? separator : "").append(name);
		}
		return (shown < files.size()) ? out + separator + "... and " + (files.size() - shown) + " more"
				: out.toString();
	}

	private static boolean hasNul(byte[] head) {
		for (int i = 0; i < Math.min(head.length, BINARY_SNIFF_BYTES); i++) {
			if (head[i] == 0) {
				return true;
			}
		}
		return false;
	}

}
