package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

import dev.skills.core.SkillConfig;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.files.TreeWalk;

/**
 * The folders worth watching below a root: the ones discovery walks, within its limits,
 * one level deeper (a folder that appears there may hold a skill folder's new file), and
 * in each skill folder the folders its file listing covers, within the listing's own
 * limits ({@link SkillFiles#MAX_DEPTH}, {@link SkillFiles#MAX_FOLDERS}). Folders inside a
 * skill do not count towards the discovery limit: discovery never visits them, and a
 * skill full of empty folders must not use up the watches of the others.
 */
final class WatchedFolders {

	private WatchedFolders() {
	}

	/**
	 * Walk the folders to watch below a start folder (itself included), at most
	 * {@code maxDepth} levels below it and {@code maxDirectories} folders outside skills.
	 * @param start the folder to start from
	 * @param maxDepth how many levels below it to walk
	 * @param maxDirectories the most folders outside skills
	 * @param folders told of each folder before it is listed (so a watch registered there
	 * misses nothing created meanwhile); {@code false} stops the walk
	 * @param files told of each file of the folders walked
	 * @return the folders outside skills walked, and whether the walk stopped at
	 * {@code maxDirectories} with folders left
	 */
	static TreeWalk.Result walk(Path start, int maxDepth, int maxDirectories, Predicate<Path> folders,
			BiConsumer<Path, BasicFileAttributes> files) {
		boolean[] stopped = new boolean[1];
		TreeWalk.Visitor visitor = new TreeWalk.Visitor() {

			private boolean inSkill;

			@Override
			public boolean folder(Path directory, int depth) {
				// The skill folder itself was handed over by the outer walk.
				if (this.inSkill) {
					stopped[0] |= depth > 0 && !folders.test(directory);
					return !stopped[0];
				}
				stopped[0] |= !stopped[0] && !folders.test(directory);
				if (stopped[0] || !SkillFiles.holdsSkillFile(directory)) {
					return !stopped[0];
				}
				this.inSkill = true;
				TreeWalk.walk(directory, SkillFiles.MAX_DEPTH, SkillFiles.MAX_FOLDERS, this);
				this.inSkill = false;
				return false;
			}

			@Override
			public void file(Path file, BasicFileAttributes attributes) {
				files.accept(file, attributes);
			}

		};
		TreeWalk.Result result = TreeWalk.walk(start, maxDepth, maxDirectories, visitor);
		return new TreeWalk.Result(result.directories(), result.limitReached() && !stopped[0], result.tooDeep());
	}

	/**
	 * What polling compares: the modification time, size and file key of every folder and
	 * file to watch below a root (none when it is missing).
	 * @param root the root
	 * @param config the discovery limits
	 * @return each path's stamp
	 */
	static Map<Path, String> stamps(Path root, SkillConfig config) {
		Map<Path, String> stamps = new HashMap<>();
		walk(root, config.discoveryMaxDepth() + 1, config.discoveryMaxDirectories(), (directory) -> {
			try {
				stamps.put(directory, stamp(Files.readAttributes(directory, BasicFileAttributes.class)));
			}
			catch (IOException ex) {
				// Gone since it was listed: the next poll sees it missing.
			}
			return true;
		}, (file, attributes) -> stamps.put(file, stamp(attributes)));
		return stamps;
	}

	private static String stamp(BasicFileAttributes attributes) {
		return attributes.lastModifiedTime().toMillis() + ":" + attributes.size() + ":" + attributes.fileKey();
	}

}
