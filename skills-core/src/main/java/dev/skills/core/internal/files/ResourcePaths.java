package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.internal.prompt.ModelText;
import org.jspecify.annotations.Nullable;

/**
 * Checks a path asked for by the model before anything is opened. Only plain relative
 * paths inside the skill folder pass: no absolute paths, no {@code ..}, no backslashes or
 * drive letters, no NUL, no hidden segments or tool caches.
 */
final class ResourcePaths {

	private static final Set<String> BINARY_EXTENSIONS = Set.of("png", "jpg", "jpeg", "gif", "webp", "bmp", "ico",
			"tif", "tiff", "pdf", "zip", "gz", "tgz", "bz2", "xz", "7z", "rar", "jar", "war", "class", "so", "dll",
			"dylib", "exe", "bin", "o", "a", "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "wav", "ogg", "mov",
			"avi", "webm", "sqlite", "db", "pyc", "docx", "xlsx", "pptx");

	/** Why a link whose real path leaves the skill folder is rejected. */
	static final String OUTSIDE = "it links outside the skill folder";

	/** Why a hidden file or tool cache is rejected. */
	static final String HIDDEN = "hidden files and tool caches are not readable";

	// How many file names a not-found message offers, in how many characters at most.
	private static final int MAX_NAMED = 20;

	private static final int MAX_NAMED_CHARS = 2_000;

	private ResourcePaths() {
	}

	/**
	 * Check and normalise a relative path.
	 * @param skill the skill name, for messages
	 * @param path the path as given
	 * @return the path without {@code ./} segments or a trailing {@code /}; empty for the
	 * skill folder itself
	 * @throws SkillResourceException when the path is not allowed
	 */
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

	/**
	 * Whether a file is binary by its name.
	 * @param path the path
	 * @return {@code true} for a known binary extension
	 */
	static boolean hasBinaryExtension(String path) {
		int dot = path.lastIndexOf('.');
		return dot >= 0 && BINARY_EXTENSIONS.contains(path.substring(dot + 1).toLowerCase(Locale.ROOT));
	}

	static SkillResourceException rejected(String skill, String path, String why) {
		return new SkillResourceException(Reason.REJECTED, cannotRead(skill, path) + why + ".");
	}

	/**
	 * The error for a file that exists but could not be read. Only the reason is kept:
	 * the exception's own message names a server path.
	 * @param skill the skill name
	 * @param path the path as given
	 * @param ex what went wrong
	 * @return the exception
	 */
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
				: "Its files: " + ResourceText.names(files, MAX_NAMED, MAX_NAMED_CHARS, ", ") + ".";
		return new SkillResourceException(Reason.NOT_FOUND,
				"Skill '" + ModelText.echo(skill) + "' has no file '" + ModelText.echo(path) + "'. " + available);
	}

}
