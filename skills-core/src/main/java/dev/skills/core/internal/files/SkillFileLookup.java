package dev.skills.core.internal.files;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import org.jspecify.annotations.Nullable;

/**
 * Finds the skill file of a folder: {@code SKILL.md}, else {@code skill.md}, a regular
 * file or a link to one. It probes the two names rather than list the folder, because a
 * skill folder may hold thousands of bundled files and discovery asks this of every
 * folder it visits. A case-insensitive file system, or folder, answers a probe for any
 * spelling; so a probe that finds a file also probes the same name in another case, and
 * when that answers too, the folder's listing decides.
 */
public final class SkillFileLookup {

	private static final String[] NAMES = { SkillFiles.SKILL_FILE, SkillFiles.LOWERCASE_SKILL_FILE };

	private SkillFileLookup() {
	}

	/**
	 * Find the skill file of a folder.
	 * @param directory the folder
	 * @return the file, or {@code null} when the folder holds neither spelling
	 */
	public static @Nullable SkillFile find(Path directory) {
		for (String name : NAMES) {
			SkillFile probed = probe(directory, name);
			if (probed != null) {
				return foldsCase(directory, name) ? listed(directory) : probed;
			}
		}
		return null;
	}

	/**
	 * Whether a folder holds a skill file, as {@link #find} would find one. Asked of
	 * folders that mostly hold none (those above a changed folder), so it first probes
	 * with the calls that answer "missing" without building an exception.
	 * @param directory the folder
	 * @return {@code true} when it is a skill folder
	 */
	public static boolean holdsSkillFile(Path directory) {
		return (Files.isRegularFile(directory.resolve(SkillFiles.SKILL_FILE))
				|| Files.isRegularFile(directory.resolve(SkillFiles.LOWERCASE_SKILL_FILE))) && find(directory) != null;
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

	// Whether the same name with its last letter in the other case answers. java.io.File
	// answers a missing name without the exception that NIO builds on Java 17.
	private static boolean foldsCase(Path directory, String name) {
		String twin = name.substring(0, name.length() - 1) + "D";
		return new File(directory.toString(), twin).exists();
	}

	private static @Nullable SkillFile listed(Path directory) {
		boolean upper = false;
		boolean lower = false;
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				upper |= name.equals(SkillFiles.SKILL_FILE);
				lower |= name.equals(SkillFiles.LOWERCASE_SKILL_FILE);
			}
		}
		catch (IOException ex) {
			return null;
		}
		SkillFile found = upper ? probe(directory, SkillFiles.SKILL_FILE) : null;
		return (found == null && lower) ? probe(directory, SkillFiles.LOWERCASE_SKILL_FILE) : found;
	}

	/**
	 * A folder's skill file.
	 *
	 * @param directory the folder
	 * @param path the file
	 * @param plainFile its attributes when it is a regular file, for its open to check
	 * against; {@code null} for a link
	 */
	public record SkillFile(Path directory, Path path, @Nullable BasicFileAttributes plainFile) {
	}

}
