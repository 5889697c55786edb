package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The one bounded walk over folders, used by discovery, the listing of a skill's files
 * and both watchers. Breadth-first, siblings sorted by name; skipped names (see
 * {@link SkillFiles#isSkipped}) are never entered; links below the start are reported,
 * never followed; no folder is visited twice (by file key, so a bind-mount loop ends); at
 * most {@code maxDepth} levels below the start and {@code maxDirectories} folders.
 */
public final class TreeWalk {

	private TreeWalk() {
	}

	/**
	 * Walk the folders below a start folder.
	 * @param start the folder to start from (visited itself, at depth 0; it may be a
	 * link)
	 * @param maxDepth the deepest level visited
	 * @param maxDirectories the most folders visited, the start included
	 * @param visitor told of every folder, file, link and special file
	 * @return what the walk saw of its limits
	 */
	public static Result walk(Path start, int maxDepth, int maxDirectories, Visitor visitor) {
		Set<Object> seen = new HashSet<>();
		try {
			addKey(seen, Files.readAttributes(start, BasicFileAttributes.class));
		}
		catch (IOException ex) {
			return new Result(0, false, false);
		}
		if (maxDirectories < 1 || !visitor.folder(start, 0)) {
			return new Result(Math.min(1, maxDirectories), maxDirectories < 1, false);
		}
		Deque<Path> queue = new ArrayDeque<>();
		Deque<Integer> depths = new ArrayDeque<>();
		queue.add(start);
		depths.add(0);
		int visited = 1;
		boolean tooDeep = false;
		while (!queue.isEmpty()) {
			Path directory = queue.poll();
			int depth = depths.poll();
			for (Path child : subfolders(directory, seen, visitor)) {
				if (depth == maxDepth) {
					tooDeep = true;
					break;
				}
				if (visited == maxDirectories) {
					return new Result(visited, true, tooDeep);
				}
				visited++;
				// Told as soon as listed, while the file system's caches still hold it.
				if (visitor.folder(child, depth + 1)) {
					queue.add(child);
					depths.add(depth + 1);
				}
			}
		}
		return new Result(visited, false, tooDeep);
	}

	// The subfolders of a folder not seen before, sorted by name (comparing whole paths
	// costs more than the walk's own work); everything else goes to the visitor.
	private static List<Path> subfolders(Path directory, Set<Object> seen, Visitor visitor) {
		List<String> names = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				if (!SkillFiles.isSkipped(name)) {
					names.add(name);
				}
			}
		}
		catch (IOException ex) {
			return List.of();
		}
		names.sort(null);
		List<Path> folders = new ArrayList<>();
		for (String name : names) {
			Path entry = directory.resolve(name);
			try {
				BasicFileAttributes attributes = Files.readAttributes(entry, BasicFileAttributes.class,
						LinkOption.NOFOLLOW_LINKS);
				if (attributes.isDirectory()) {
					if (addKey(seen, attributes)) {
						folders.add(entry);
					}
				}
				else if (attributes.isSymbolicLink()) {
					visitor.link(entry);
				}
				else {
					visitor.file(entry, attributes);
				}
			}
			catch (IOException ex) {
				// Gone since it was listed: nothing to visit.
			}
		}
		return folders;
	}

	private static boolean addKey(Set<Object> seen, BasicFileAttributes attributes) {
		Object key = attributes.fileKey();
		return key == null || seen.add(key);
	}

	/**
	 * Told what a walk finds.
	 */
	public interface Visitor {

		/**
		 * A folder, before it is listed.
		 * @param directory the folder
		 * @param depth its level below the start
		 * @return whether to list it and walk on below it
		 */
		boolean folder(Path directory, int depth);

		/**
		 * A regular file or a special one (FIFO, socket, device) of a listed folder.
		 * @param file the file
		 * @param attributes its attributes, links not followed
		 */
		default void file(Path file, BasicFileAttributes attributes) {
		}

		/**
		 * A link in a listed folder; never followed.
		 * @param link the link
		 */
		default void link(Path link) {
		}

	}

	/**
	 * What a walk saw of its limits.
	 *
	 * @param directories the folders visited
	 * @param limitReached whether folders were left unvisited at {@code maxDirectories}
	 * @param tooDeep whether folders below {@code maxDepth} were left unvisited
	 */
	public record Result(int directories, boolean limitReached, boolean tooDeep) {
	}

}
