package dev.skills.sources;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

import org.jspecify.annotations.Nullable;

/**
 * Folder trees of a source's cache, removed without following links.
 */
public final class FolderTrees {

	private FolderTrees() {
	}

	/**
	 * Delete a file or a folder tree without following links.
	 * @param path what to delete; nothing happens when it does not exist
	 * @throws IOException when a part cannot be deleted
	 */
	public static void delete(Path path) throws IOException {
		if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
			return;
		}
		Files.walkFileTree(path, new SimpleFileVisitor<>() {

			@Override
			public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
				Files.delete(file);
				return FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult postVisitDirectory(Path dir, @Nullable IOException ex) throws IOException {
				if (ex != null) {
					throw ex;
				}
				Files.delete(dir);
				return FileVisitResult.CONTINUE;
			}

		});
	}

}
