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
 * The folders worth watching below a root: the ones discovery walks, one level deeper (a
 * folder appearing there may hold a new skill file), and in each skill the folders its
 * listing covers, within the listing's limits. Those do not count towards the discovery
 * limit, so a skill full of empty folders cannot use up the others' watches.
 */
final class WatchedFolders {

	private WatchedFolders() {
	}

	// maxDirectories counts the folders outside skills. Each folder is told before it is
	// listed (a watch registered then misses nothing created meanwhile); false stops.
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

	// What polling compares: each path's time, size and key (none for a missing root).
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
