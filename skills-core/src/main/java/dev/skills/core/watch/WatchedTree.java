package dev.skills.core.watch;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.function.Consumer;

import dev.skills.core.SkillConfig;
import dev.skills.core.resource.SkillFiles;

/**
 * Walks the folders worth watching below a root: skipped names (hidden, tool caches) and
 * folders deeper than a skill can be are left out.
 */
final class WatchedTree {

	// A skill folder sits at most MAX_DEPTH levels down; one more level sees its direct subfolders.
	static final int MAX_DEPTH = SkillConfig.DEFAULT_DISCOVERY_MAX_DEPTH + 1;

	private WatchedTree() {
	}

	static void walk(Path root, Consumer<Path> directories, Consumer<Path> files) throws IOException {
		Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {

			@Override
			public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
				if (!dir.equals(root) && SkillFiles.isSkipped(dir.getFileName().toString())) {
					return FileVisitResult.SKIP_SUBTREE;
				}
				directories.accept(dir);
				return FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
				files.accept(file);
				return FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult visitFileFailed(Path file, IOException ex) {
				return FileVisitResult.CONTINUE;
			}

		});
	}

}
