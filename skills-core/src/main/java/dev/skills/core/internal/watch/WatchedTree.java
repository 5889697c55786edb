package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

import dev.skills.core.internal.resource.SkillFiles;

/**
 * Walks the folders worth watching below a root, within discovery's limits: breadth-first
 * like discovery, skipping the names it skips, down to one level below discovery's depth
 * (the subfolders of the deepest skills), and no more folders than discovery may visit.
 * Watching more would spend watches on folders whose skills a fresh scan could never see.
 */
final class WatchedTree {

	private WatchedTree() {
	}

	/**
	 * Walk the folders below a start folder.
	 * @param start the folder to start from (watched itself)
	 * @param levels how many levels below it to walk
	 * @param maxDirectories the most folders to hand over
	 * @param directories receives each folder before it is listed (so a watch registered
	 * there misses nothing created meanwhile); returns {@code false} to stop the walk
	 * @param files receives each file of the folders walked
	 * @return whether the walk stopped at {@code maxDirectories} with folders left
	 */
	static boolean walk(Path start, int levels, int maxDirectories, Predicate<Path> directories, Consumer<Path> files) {
		Deque<Path> queue = new ArrayDeque<>();
		Deque<Integer> depths = new ArrayDeque<>();
		queue.add(start);
		depths.add(0);
		int visited = 0;
		while (!queue.isEmpty()) {
			if (visited == maxDirectories) {
				return true;
			}
			Path directory = queue.poll();
			int depth = depths.poll();
			visited++;
			if (!directories.test(directory)) {
				return false;
			}
			for (Path child : children(directory, files)) {
				if (depth < levels) {
					queue.add(child);
					depths.add(depth + 1);
				}
			}
		}
		return false;
	}

	// The subfolders worth watching, sorted as discovery sorts them; files go to the
	// consumer.
	private static List<Path> children(Path directory, Consumer<Path> files) {
		List<Path> children = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
					if (!SkillFiles.isSkipped(entry.getFileName().toString())) {
						children.add(entry);
					}
				}
				else {
					files.accept(entry);
				}
			}
		}
		catch (IOException ex) {
			// Gone or unreadable meanwhile: nothing to watch there.
		}
		children.sort(null);
		return children;
	}

}
