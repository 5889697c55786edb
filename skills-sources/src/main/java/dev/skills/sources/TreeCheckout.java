package dev.skills.sources;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.jspecify.annotations.Nullable;

/**
 * Writes the files of one commit below a path into a folder. Only regular files are
 * written, never as executables; links, submodules and names that would leave the folder
 * are left out. A file whose content is the same as in the revision served is linked to
 * that revision's copy, so it keeps its fingerprint and the registry does not read it
 * again.
 */
final class TreeCheckout {

	private final Repository repository;

	private final String path;

	private final CheckoutLimits limits;

	TreeCheckout(Repository repository, String path, CheckoutLimits limits) {
		this.repository = repository;
		this.path = path;
		this.limits = limits;
	}

	void write(ObjectId commit, @Nullable ObjectId servedCommit, @Nullable Path servedFolder, Path into)
			throws IOException {
		Path root = into.toAbsolutePath().normalize();
		try (RevWalk walk = new RevWalk(this.repository); TreeWalk tree = new TreeWalk(this.repository)) {
			tree.addTree(walk.parseCommit(commit).getTree());
			boolean compare = servedCommit != null && servedFolder != null
					&& this.repository.getObjectDatabase().has(servedCommit);
			if (compare) {
				tree.addTree(walk.parseCommit(servedCommit).getTree());
			}
			tree.setRecursive(true);
			if (!this.path.isEmpty()) {
				tree.setFilter(PathFilter.create(this.path));
			}
			int files = 0;
			long bytes = 0;
			while (tree.next()) {
				FileMode mode = tree.getFileMode(0);
				if (mode != FileMode.REGULAR_FILE && mode != FileMode.EXECUTABLE_FILE) {
					continue;
				}
				String relative = relative(tree.getPathString());
				if (relative == null) {
					continue;
				}
				Path target = root.resolve(relative).normalize();
				if (!target.startsWith(root) || target.equals(root)) {
					continue;
				}
				ObjectLoader blob = this.repository.open(tree.getObjectId(0));
				files++;
				bytes += blob.getSize();
				this.limits.check(files, bytes);
				Files.createDirectories(target.getParent());
				if (!(compare && tree.getObjectId(0).equals(tree.getObjectId(1))
						&& link(target, servedFolder.resolve(relative)))) {
					try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW,
							StandardOpenOption.WRITE)) {
						blob.copyTo(out);
					}
				}
			}
			if (!this.path.isEmpty() && files == 0) {
				throw new IOException(
						"commit " + commit.abbreviate(12).name() + " has no files in '" + this.path + "'");
			}
		}
	}

	// The path below the configured folder; null for the folder itself or outside it.
	private @Nullable String relative(String treePath) {
		if (this.path.isEmpty()) {
			return treePath;
		}
		return treePath.startsWith(this.path + "/") ? treePath.substring(this.path.length() + 1) : null;
	}

	private static boolean link(Path target, Path served) {
		if (!Files.isRegularFile(served, LinkOption.NOFOLLOW_LINKS)) {
			return false;
		}
		try {
			Files.createLink(target, served);
			return true;
		}
		catch (IOException | UnsupportedOperationException ex) {
			// Another file system or no hard links there: write the file instead.
			return false;
		}
	}

}
