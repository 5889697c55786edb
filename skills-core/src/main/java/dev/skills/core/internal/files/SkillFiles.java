package dev.skills.core.internal.files;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import dev.skills.core.folder.SkillFolder;
import org.jspecify.annotations.Nullable;

/**
 * What belongs to a skill folder: its skill file, the names skipped everywhere (hidden
 * names and tool caches), and the bounded listing of the files it bundles.
 */
public final class SkillFiles {

	/** The name of the file that makes a folder a skill. */
	public static final String SKILL_FILE = "SKILL.md";

	/** The lower-case spelling, accepted with a warning. */
	public static final String LOWERCASE_SKILL_FILE = "skill.md";

	/** The warning for a lower-case {@code skill.md}. */
	public static final String LOWERCASE_WARNING = "Found skill.md; the file should be named SKILL.md";

	/** The most files listed for one skill, from a folder or a jar alike. */
	public static final int MAX_FILES = 1_000;

	/** The deepest folder level listed below the skill folder. */
	public static final int MAX_DEPTH = 8;

	/** The most folders of one skill listed (and watched), the skill folder included. */
	public static final int MAX_FOLDERS = 200;

	private static final Set<String> SKIPPED = Set.of("__pycache__", "node_modules");

	private static final String[] NAMES = { SKILL_FILE, LOWERCASE_SKILL_FILE };

	private SkillFiles() {
	}

	public static boolean isSkillFileName(String fileName) {
		return fileName.equals(SKILL_FILE) || fileName.equals(LOWERCASE_SKILL_FILE);
	}

	// Hidden names and tool caches: never listed, read, searched nor watched.
	public static boolean isSkipped(String name) {
		return name.startsWith(".") || SKIPPED.contains(name);
	}

	static boolean isSkippedPath(Path relative) {
		for (Path segment : relative) {
			if (isSkipped(segment.toString())) {
				return true;
			}
		}
		return false;
	}

	public static String listingCutMessage() {
		return "The skill bundles more than " + MAX_FILES + " files or " + MAX_FOLDERS
				+ " folders; only the first are listed (files past them can still be read by path)";
	}

	// Regular files but the skill file, links not followed: a listing never shows what
	// lies outside the folder (which may itself be reached through a link). A folder
	// that holds nothing but its skill file, as most do, costs one listing.
	public static SkillFolder.Listing list(Path skillDirectory) {
		Path root = skillDirectory.toAbsolutePath();
		List<String> names = new ArrayList<>(TreeWalk.names(root));
		names.removeIf(SkillFiles::isSkipped);
		if (names.size() == 1 && isSkillFileName(names.get(0))) {
			return SkillFolder.Listing.EMPTY;
		}
		int rootLength = root.toString().length();
		String separator = root.getFileSystem().getSeparator();
		List<String> files = new ArrayList<>();
		boolean[] cut = new boolean[1];
		TreeWalk.Result walked = TreeWalk.walk(root, names, MAX_DEPTH, MAX_FOLDERS, new TreeWalk.Visitor() {

			@Override
			public boolean folder(Path directory, int depth) {
				return !cut[0];
			}

			@Override
			public void file(Path file, BasicFileAttributes attributes) {
				String relative = file.toString().substring(rootLength + 1);
				if (attributes.isRegularFile() && !(relative.indexOf(separator) < 0 && isSkillFileName(relative))) {
					cut[0] |= files.size() == MAX_FILES;
					if (!cut[0]) {
						files.add(separator.equals("/") ? relative : relative.replace(separator, "/"));
					}
				}
			}

		});
		Collections.sort(files);
		boolean cutShort = cut[0] || walked.limitReached();
		return (files.isEmpty() && !cutShort) ? SkillFolder.Listing.EMPTY : new SkillFolder.Listing(files, cutShort);
	}

	// SKILL.md, else skill.md (a regular file or a link to one), else null. The names are
	// probed, not the folder listed (it may hold thousands of files); when a
	// case-insensitive folder answers for the other case too, its listing decides.
	public static @Nullable SkillFile find(Path directory) {
		return find(directory, true);
	}

	// As find; the fold check only where the folder may fold case. File systems fold case
	// per volume, or per folder with new subfolders inheriting it, so a walk asks a
	// skill folder's parent once (foldsCase) instead of every skill folder.
	public static @Nullable SkillFile find(Path directory, boolean mayFoldCase) {
		for (String name : NAMES) {
			SkillFile probed = probe(directory, name);
			if (probed != null) {
				return (mayFoldCase && foldsCase(directory, name)) ? listed(directory) : probed;
			}
		}
		return null;
	}

	// As find, first probing with the calls that answer "missing" without building an
	// exception (most folders asked hold none).
	public static boolean holdsSkillFile(Path directory) {
		return (Files.isRegularFile(directory.resolve(SKILL_FILE))
				|| Files.isRegularFile(directory.resolve(LOWERCASE_SKILL_FILE))) && find(directory) != null;
	}

	private static @Nullable SkillFile probe(Path directory, String name) {
		Path file = directory.resolve(name);
		try {
			BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
					LinkOption.NOFOLLOW_LINKS);
			if (attributes.isRegularFile()) {
				return new SkillFile(directory, file, attributes);
			}
			// A link to a regular file is a skill file for the file guard to judge.
			return (attributes.isSymbolicLink() && Files.isRegularFile(file)) ? new SkillFile(directory, file, null)
					: null;
		}
		catch (IOException ex) {
			return null;
		}
	}

	// Whether the folder answers for one of its entries with the entry's last letter in
	// the other case (a name without letters cannot tell: then it may); java.io.File
	// answers "missing" without the exception NIO builds on Java 17.
	public static boolean foldsCase(Path directory, String entry) {
		for (int i = entry.length() - 1; i >= 0; i--) {
			char letter = entry.charAt(i);
			char other = Character.isUpperCase(letter) ? Character.toLowerCase(letter) : Character.toUpperCase(letter);
			if (other != letter) {
				return new File(directory.toString(), entry.substring(0, i) + other + entry.substring(i + 1)).exists();
			}
		}
		return true;
	}

	private static @Nullable SkillFile listed(Path directory) {
		boolean upper = false;
		boolean lower = false;
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				upper |= name.equals(SKILL_FILE);
				lower |= name.equals(LOWERCASE_SKILL_FILE);
			}
		}
		catch (IOException ex) {
			return null;
		}
		SkillFile found = upper ? probe(directory, SKILL_FILE) : null;
		return (found == null && lower) ? probe(directory, LOWERCASE_SKILL_FILE) : found;
	}

	/**
	 * A folder's skill file.
	 *
	 * @param plainFile its attributes when it is a regular file, for its open to check
	 * against; {@code null} for a link
	 */
	public record SkillFile(Path directory, Path path, @Nullable BasicFileAttributes plainFile) {
	}

}
