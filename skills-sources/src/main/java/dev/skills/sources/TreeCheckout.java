package dev.skills.sources;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import org.jspecify.annotations.Nullable;

/**
 * Brings a folder to the files of one commit below a path. Only regular files are
 * written, never as executables; links, submodules and names that would leave the folder
 * are left out. A folder that holds another commit already (the spare revision) is
 * updated with the paths that differ between the two commits only, so a refresh costs
 * what changed, not the size of the tree. A file whose content is the same as in the
 * revision served is linked to that revision's copy, so it keeps its fingerprint and the
 * registry does not read it again. A file is never written in place (it may be linked
 * from the revision served): it is removed and created anew.
 */
final class TreeCheckout {

	private static final int NEW = 0;

	private static final int BASE = 1;

	private static final int SERVED = 2;

	private final Repository repository;

	private final String path;

	TreeCheckout(Repository repository, String path) {
		this.repository = repository;
		this.path = path;
	}

	/**
	 * Bring a folder to a commit.
	 * @param commit the commit to write
	 * @param base the commit whose files the folder holds, or {@code null} for an empty
	 * folder
	 * @param baseCounts the files and bytes of {@code base}, or {@code null} when unknown
	 * @param servedCommit the commit served, whose unchanged files are linked
	 * @param servedFolder the folder of the commit served
	 * @param into the folder
	 * @param budget the revision's budget, nothing taken yet
	 * @return the files and bytes of {@code commit}
	 * @throws IOException when a limit is passed or the folder cannot be written
	 */
	Counts write(ObjectId commit, @Nullable ObjectId base, @Nullable Counts baseCounts, @Nullable ObjectId servedCommit,
			@Nullable Path servedFolder, Path into, FetchBudget budget) throws IOException {
		Path root = into.toAbsolutePath().normalize();
		try (RevWalk walk = new RevWalk(this.repository); TreeWalk tree = new TreeWalk(this.repository)) {
			tree.addTree(walk.parseCommit(commit).getTree());
			addTree(tree, walk, base);
			boolean link = servedFolder != null && addTree(tree, walk, servedCommit);
			if (!link) {
				tree.addTree(new EmptyTreeIterator());
			}
			tree.setRecursive(true);
			// Paths equal in all trees are skipped without reading their subtrees.
			TreeFilter changed = TreeFilter.ANY_DIFF;
			tree.setFilter(this.path.isEmpty() ? changed : AndTreeFilter.create(PathFilter.create(this.path), changed));
			if (base != null) {
				Counts held = (baseCounts != null) ? baseCounts : count(walk, base, tree.getObjectReader());
				budget.hold(held.files(), held.bytes());
			}
			ObjectReader reader = tree.getObjectReader();
			while (tree.next()) {
				Path target = target(root, tree.getPathString());
				if (target == null) {
					continue;
				}
				boolean wanted = regular(tree, NEW);
				boolean held = base != null && regular(tree, BASE);
				if (wanted && held && tree.getObjectId(NEW).equals(tree.getObjectId(BASE))) {
					continue;
				}
				if (held) {
					budget.release(reader.getObjectSize(tree.getObjectId(BASE), Constants.OBJ_BLOB));
					Files.deleteIfExists(target);
					if (!wanted) {
						removeEmptyParents(target.getParent(), root);
					}
				}
				if (wanted) {
					budget.file();
					budget.bytes(reader.getObjectSize(tree.getObjectId(NEW), Constants.OBJ_BLOB));
					Files.createDirectories(target.getParent());
					if (!(link && tree.getObjectId(NEW).equals(tree.getObjectId(SERVED))
							&& link(target, servedFolder.resolve(root.relativize(target))))) {
						try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW,
								StandardOpenOption.WRITE)) {
							reader.open(tree.getObjectId(NEW)).copyTo(out);
						}
					}
				}
			}
			if (!this.path.isEmpty() && budget.files() == 0) {
				throw new IOException(
						"commit " + commit.abbreviate(12).name() + " has no files in '" + this.path + "'");
			}
			return new Counts(budget.files(), budget.bytes());
		}
	}

	private boolean addTree(TreeWalk tree, RevWalk walk, @Nullable ObjectId commit) throws IOException {
		if (commit == null || !this.repository.getObjectDatabase().has(commit)) {
			tree.addTree(new EmptyTreeIterator());
			return false;
		}
		tree.addTree(walk.parseCommit(commit).getTree());
		return true;
	}

	// The files and bytes a folder at a commit holds, when they were not kept.
	private Counts count(RevWalk walk, ObjectId commit, ObjectReader reader) throws IOException {
		int files = 0;
		long bytes = 0;
		try (TreeWalk tree = new TreeWalk(reader)) {
			tree.addTree(walk.parseCommit(commit).getTree());
			tree.setRecursive(true);
			if (!this.path.isEmpty()) {
				tree.setFilter(PathFilter.create(this.path));
			}
			while (tree.next()) {
				if (regular(tree, 0) && target(Path.of("/x"), tree.getPathString()) != null) {
					files++;
					bytes += reader.getObjectSize(tree.getObjectId(0), Constants.OBJ_BLOB);
				}
			}
		}
		return new Counts(files, bytes);
	}

	private static boolean regular(TreeWalk tree, int index) {
		FileMode mode = tree.getFileMode(index);
		return mode == FileMode.REGULAR_FILE || mode == FileMode.EXECUTABLE_FILE;
	}

	// Where a tree path goes in the folder; null for the folder itself, outside the
	// configured path, or outside the folder.
	private @Nullable Path target(Path root, String treePath) {
		String relative;
		if (this.path.isEmpty()) {
			relative = treePath;
		}
		else if (treePath.startsWith(this.path + "/")) {
			relative = treePath.substring(this.path.length() + 1);
		}
		else {
			return null;
		}
		Path target = root.resolve(relative).normalize();
		return (!target.startsWith(root) || target.equals(root)) ? null : target;
	}

	private static void removeEmptyParents(Path folder, Path root) throws IOException {
		for (Path dir = folder; dir != null && dir.startsWith(root) && !dir.equals(root); dir = dir.getParent()) {
			try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
				if (children.iterator().hasNext()) {
					return;
				}
			}
			Files.delete(dir);
		}
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

	/**
	 * The files and bytes of one checked-out commit, for the limits of the next update.
	 *
	 * @param files the files
	 * @param bytes the bytes
	 */
	record Counts(int files, long bytes) {
	}

}
