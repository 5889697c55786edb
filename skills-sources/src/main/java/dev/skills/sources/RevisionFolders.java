package dev.skills.sources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.jspecify.annotations.Nullable;

/**
 * The cache folder of one source: {@code store} (what the source keeps between fetches:
 * git's objects, an index's download under way), the folders of two revisions (the one
 * served and a spare, the one served before), and {@code current}, a link to the revision
 * served. The registry reads {@code current}; a new revision is written under a temporary
 * name (into the spare, renamed, when there is one, so that only what changed is
 * written), renamed once complete, and {@code current} is replaced by a rename, so a
 * reader sees the old revision or the new one, never a mix.
 */
final class RevisionFolders {

	private static final String CURRENT = "current";

	private static final String STORE = "store";

	// Where git sources kept their objects before the store had its name.
	private static final String FORMER_STORE = "repo.git";

	private static final String PARTIAL = ".partial";

	private final Path root;

	/**
	 * Use a source's cache folder, creating it if needed and removing checkouts that a
	 * previous process left half done.
	 * @param root the source's cache folder
	 * @throws IOException when it cannot be created
	 */
	RevisionFolders(Path root) throws IOException {
		this.root = root.toAbsolutePath().normalize();
		Files.createDirectories(this.root);
		try (DirectoryStream<Path> children = Files.newDirectoryStream(this.root, "*" + PARTIAL)) {
			for (Path child : children) {
				delete(child);
			}
		}
		delete(this.root.resolve(FORMER_STORE));
	}

	/**
	 * The source's cache folder, never shown.
	 * @return the folder
	 */
	Path root() {
		return this.root;
	}

	/**
	 * The folder the registry reads: a link to the revision served.
	 * @return {@code <root>/current}
	 */
	Path location() {
		return this.root.resolve(CURRENT);
	}

	/**
	 * The source's own folder, kept between fetches and never read by the registry.
	 * @return {@code <root>/store}
	 */
	Path store() {
		return this.root.resolve(STORE);
	}

	/**
	 * The revision served, if a complete one is.
	 * @return its id, or {@code null}
	 */
	@Nullable String current() {
		Path link = location();
		if (!Files.isSymbolicLink(link)) {
			return null;
		}
		try {
			Path target = Files.readSymbolicLink(link);
			return Files.isDirectory(this.root.resolve(target)) ? String.valueOf(target.getFileName()) : null;
		}
		catch (IOException ex) {
			return null;
		}
	}

	/**
	 * The folder of a revision.
	 * @param revision the revision id
	 * @return {@code <root>/<revision>}
	 */
	Path revision(String revision) {
		return this.root.resolve(revision);
	}

	/**
	 * A fresh, empty folder to check a revision out into.
	 * @param revision the revision id
	 * @return the folder, removed first if a failed attempt left it
	 * @throws IOException when it cannot be created
	 */
	Path partial(String revision) throws IOException {
		Path partial = this.root.resolve(revision + PARTIAL);
		delete(partial);
		return Files.createDirectory(partial);
	}

	/**
	 * The spare revision: a complete revision folder other than the one served.
	 * @param served the revision served, or {@code null}
	 * @return the spare's revision id, or {@code null} when there is none
	 * @throws IOException when the cache folder cannot be listed
	 */
	@Nullable String spare(@Nullable String served) throws IOException {
		try (DirectoryStream<Path> children = Files.newDirectoryStream(this.root)) {
			for (Path child : children) {
				String name = String.valueOf(child.getFileName());
				if (revisionFolder(name) && !name.equals(served)
						&& Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
					return name;
				}
			}
		}
		return null;
	}

	/**
	 * Take the spare revision's folder to write a revision into: renamed to the temporary
	 * name of {@link #partial(String)}, so that a process that stops meanwhile leaves no
	 * half-written revision under a revision's name.
	 * @param spare the spare's revision id, from {@link #spare(String)}
	 * @param revision the revision to write
	 * @return the folder, holding the spare's files
	 * @throws IOException when it cannot be renamed
	 */
	Path reuse(String spare, String revision) throws IOException {
		Path partial = this.root.resolve(revision + PARTIAL);
		delete(partial);
		return Files.move(revision(spare), partial, StandardCopyOption.ATOMIC_MOVE);
	}

	/**
	 * Mark a checkout complete and serve it: rename its folder, then replace the
	 * {@code current} link with one to it.
	 * @param revision the revision id
	 * @param partial its complete checkout, from {@link #partial(String)}
	 * @throws IOException when it cannot be switched; the revision served before stays
	 */
	void serve(String revision, Path partial) throws IOException {
		Path complete = revision(revision);
		if (!Files.isDirectory(complete, LinkOption.NOFOLLOW_LINKS)) {
			Files.move(partial, complete, StandardCopyOption.ATOMIC_MOVE);
		}
		else {
			delete(partial);
		}
		Path next = this.root.resolve(CURRENT + PARTIAL);
		Files.deleteIfExists(next);
		// A relative target: the cache folder can move with its links intact.
		Files.createSymbolicLink(next, Path.of(revision));
		Files.move(next, location(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
	}

	/**
	 * Remove every revision but the one served and the spare, and any temporary folder.
	 * @param spare the revision to keep as the spare, or {@code null}
	 * @throws IOException when one cannot be removed
	 */
	void prune(@Nullable String spare) throws IOException {
		String current = current();
		try (DirectoryStream<Path> children = Files.newDirectoryStream(this.root)) {
			for (Path child : children) {
				String name = String.valueOf(child.getFileName());
				if (revisionFolder(name) && !name.equals(current) && !name.equals(spare)) {
					delete(child);
				}
			}
		}
	}

	private static boolean revisionFolder(String name) {
		return !name.equals(CURRENT) && !name.equals(STORE) && !name.startsWith(".") && !name.endsWith(PARTIAL);
	}

	/**
	 * Delete a file or a folder tree without following links.
	 * @param path what to delete; nothing happens when it does not exist
	 * @throws IOException when a part cannot be deleted
	 */
	static void delete(Path path) throws IOException {
		FolderTrees.delete(path);
	}

}
