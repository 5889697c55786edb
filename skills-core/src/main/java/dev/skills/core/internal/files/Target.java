package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import org.jspecify.annotations.Nullable;

/**
 * Where a relative path inside a skill folder leads, judged by its real path: inside the
 * folder or not, through a hidden name or not, and to what kind of file. Opening it is
 * {@link GuardedFiles}' job.
 *
 * @param realBase the real path of the skill folder
 * @param baseKey the skill folder's file key, to recognise it when opened
 * @param inside the real path relative to the skill folder
 * @param kind what it leads to
 * @param attributes its attributes, for {@link Kind#FILE}, {@link Kind#DIRECTORY} and
 * {@link Kind#OTHER}
 */
record Target(Path realBase, @Nullable Object baseKey, Path inside, Kind kind,
		@Nullable BasicFileAttributes attributes) {

	long size() {
		return (this.attributes != null) ? this.attributes.size() : 0;
	}

	/**
	 * Resolve a checked relative path (see {@link ResourcePaths#check}) inside a skill
	 * folder.
	 * @param base the skill folder (it may itself be reached through a link)
	 * @param relative the relative path; empty for the folder itself
	 * @return where it leads
	 * @throws java.nio.file.NoSuchFileException when it leads nowhere (a dangling link
	 * included)
	 * @throws IOException when it cannot be resolved
	 */
	static Target resolve(Path base, String relative) throws IOException {
		Path realBase = base.toRealPath();
		Object baseKey = Files.readAttributes(realBase, BasicFileAttributes.class).fileKey();
		Path real = realPath(realBase, relative);
		if (!real.startsWith(realBase)) {
			return new Target(realBase, baseKey, Path.of(""), Kind.OUTSIDE, null);
		}
		Path inside = realBase.relativize(real);
		// A link inside the folder may name a hidden file: judge where it leads, not its
		// name.
		if (SkillFiles.isSkippedPath(inside)) {
			return new Target(realBase, baseKey, inside, Kind.HIDDEN, null);
		}
		BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class,
				LinkOption.NOFOLLOW_LINKS);
		Kind kind = attributes.isDirectory() ? Kind.DIRECTORY : attributes.isRegularFile() ? Kind.FILE : Kind.OTHER;
		return new Target(realBase, baseKey, inside, kind, attributes);
	}

	// A name directly in the real skill folder that is no link is its own real path (one
	// lstat instead of one per folder of the path, as for every SKILL.md); anything else
	// is resolved.
	private static Path realPath(Path realBase, String relative) throws IOException {
		if (relative.isEmpty()) {
			return realBase;
		}
		Path candidate = realBase.resolve(relative);
		if (relative.indexOf('/') < 0 && !Files.isSymbolicLink(candidate)) {
			return candidate;
		}
		return candidate.toRealPath();
	}

	/**
	 * What a relative path leads to.
	 */
	enum Kind {

		/** A regular file inside the skill folder. */
		FILE,

		/** A folder inside the skill folder. */
		DIRECTORY,

		/** Something else: a FIFO, a socket, a device. Never opened. */
		OTHER,

		/** Its real path leaves the skill folder. */
		OUTSIDE,

		/** Its real path passes through a hidden name or tool cache. */
		HIDDEN

	}

}
