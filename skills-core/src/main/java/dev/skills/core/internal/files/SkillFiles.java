package dev.skills.core.internal.files;

import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import dev.skills.core.source.SkillSource;

/**
 * The rules of what belongs to a skill folder: the skill file's names, the names that are
 * never listed, read, searched for skills nor watched (hidden names and tool caches), and
 * the bounded listing of the files a skill bundles.
 */
public final class SkillFiles {

	/** The name of the file that makes a folder a skill. */
	public static final String SKILL_FILE = "SKILL.md";

	/** The lower-case spelling, accepted with a warning. */
	public static final String LOWERCASE_SKILL_FILE = "skill.md";

	/** The most files listed for one skill, from a folder or a jar alike. */
	public static final int MAX_FILES = 1_000;

	/** The deepest folder level listed below the skill folder. */
	public static final int MAX_DEPTH = 8;

	/** The most folders of one skill listed (and watched), the skill folder included. */
	public static final int MAX_FOLDERS = 200;

	private static final Set<String> SKIPPED = Set.of("__pycache__", "node_modules");

	private SkillFiles() {
	}

	/**
	 * Whether a file name is a skill file: {@code SKILL.md}, or {@code skill.md}.
	 * @param fileName a single path segment
	 * @return {@code true} for either spelling
	 */
	public static boolean isSkillFileName(String fileName) {
		return fileName.equals(SKILL_FILE) || fileName.equals(LOWERCASE_SKILL_FILE);
	}

	/**
	 * Whether a file or folder name is never listed nor read as a bundled resource.
	 * @param name a single path segment
	 * @return {@code true} for hidden names and tool caches
	 */
	public static boolean isSkipped(String name) {
		return name.startsWith(".") || SKIPPED.contains(name);
	}

	/**
	 * Whether a relative path passes through a skipped name.
	 * @param relative a relative path, with {@code /} or the platform's separators
	 * @return {@code true} when any of its segments is skipped
	 */
	public static boolean isSkippedPath(Path relative) {
		for (Path segment : relative) {
			if (isSkipped(segment.toString())) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The warning for a listing cut at {@link #MAX_FILES} or {@link #MAX_FOLDERS}.
	 * @return the message
	 */
	public static String listingCutMessage() {
		return "The skill bundles more than " + MAX_FILES + " files or " + MAX_FOLDERS
				+ " folders; only the first are listed (files past them can still be read by path)";
	}

	/**
	 * List the bundled files of a skill folder: regular files, not the skill file, links
	 * not followed (a listing never shows what lies outside the folder).
	 * @param skillDirectory the skill folder (it may be reached through a link)
	 * @return relative paths with {@code /} separators, sorted, at most
	 * {@link #MAX_FILES}, and whether the listing was cut
	 */
	public static SkillSource.Listing list(Path skillDirectory) {
		Path root = skillDirectory.toAbsolutePath();
		List<String> files = new ArrayList<>();
		boolean[] cut = new boolean[1];
		TreeWalk.Result walked = TreeWalk.walk(root, MAX_DEPTH, MAX_FOLDERS, new TreeWalk.Visitor() {

			@Override
			public boolean folder(Path directory, int depth) {
				return !cut[0];
			}

			@Override
			public void file(Path file, BasicFileAttributes attributes) {
				String relative = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
				if (attributes.isRegularFile() && !(relative.indexOf('/') < 0 && isSkillFileName(relative))) {
					cut[0] |= files.size() == MAX_FILES;
					if (!cut[0]) {
						files.add(relative);
					}
				}
			}

		});
		Collections.sort(files);
		boolean cutShort = cut[0] || walked.limitReached();
		return (files.isEmpty() && !cutShort) ? SkillSource.Listing.EMPTY : new SkillSource.Listing(files, cutShort);
	}

}
