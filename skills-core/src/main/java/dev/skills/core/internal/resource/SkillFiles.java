package dev.skills.core.internal.resource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import dev.skills.core.internal.parse.SkillLoader;

/**
 * Lists the files a skill bundles. Hidden entries, tool caches ({@code __pycache__},
 * {@code node_modules}) and the skill file itself are left out; links are not followed,
 * so a listing never shows what lies outside the skill folder.
 */
public final class SkillFiles {

	/** The most files listed for one skill. */
	public static final int MAX_FILES = 1_000;

	/** The deepest folder level listed below the skill folder. */
	public static final int MAX_DEPTH = 8;

	private static final Set<String> SKIPPED = Set.of("__pycache__", "node_modules");

	private SkillFiles() {
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
	 * Whether a relative path passes through a skipped name: such a path is never listed,
	 * read, searched for skills nor watched.
	 * @param relative a relative path
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
	 * List the bundled files of a skill folder.
	 * @param skillDirectory the skill folder
	 * @return relative paths with {@code /} separators, sorted, at most
	 * {@link #MAX_FILES}
	 */
	public static List<String> list(Path skillDirectory) {
		List<String> files = new ArrayList<>();
		Path root = realPath(skillDirectory);
		try {
			Files.walkFileTree(root, Set.of(), MAX_DEPTH + 1, new SimpleFileVisitor<>() {

				@Override
				public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
					return (!dir.equals(root) && isSkipped(dir.getFileName().toString())) ? FileVisitResult.SKIP_SUBTREE
							: FileVisitResult.CONTINUE;
				}

				@Override
				public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
					String relative = relative(root, file);
					if (attrs.isRegularFile() && !isSkipped(file.getFileName().toString())
							&& !SkillLoader.isSkillFileName(relative)) {
						files.add(relative);
					}
					return (files.size() >= MAX_FILES) ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
				}

				@Override
				public FileVisitResult visitFileFailed(Path file, IOException ex) {
					return FileVisitResult.CONTINUE;
				}

			});
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot list " + skillDirectory, ex);
		}
		Collections.sort(files);
		return List.copyOf(files);
	}

	// A skill folder reached through a link (a location that is one skill) is listed
	// where it
	// really is, as the file guard reads it; a missing folder lists nothing.
	private static Path realPath(Path directory) {
		try {
			return directory.toRealPath();
		}
		catch (IOException ex) {
			return directory;
		}
	}

	private static String relative(Path base, Path file) {
		return base.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
	}

}
