package dev.skills.sources.git;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import dev.skills.sources.CheckoutPaths;
import dev.skills.sources.Deadline;
import dev.skills.sources.FetchBudget;
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
 * written, never as executables; links and submodules are left out. A folder that holds
 * another commit already (the spare revision) is updated with the paths that differ
 * between the two commits only, so a refresh costs what changed, not the size of the
 * tree. A file whose content is the same as in the revision served is linked to that
 * revision's copy, so it keeps its fingerprint and the registry does not read it again. A
 * file is never written in place (it may be linked from the revision served): it is
 * removed and created anew. A bad entry (a path that breaks {@link CheckoutPaths}, a
 * second entry of one path) leaves its skill out with a warning, not the commit.
 */
final class TreeCheckout {

	private static final int NEW = 0;

	private static final int BASE = 1;

	private static final int SERVED = 2;

	private final Repository repository;

	private final String path;

	private final Deadline deadline;

	private final FetchBudget budget;

	TreeCheckout(Repository repository, String path, Deadline deadline, FetchBudget budget) {
		this.repository = repository;
		this.path = path;
		this.deadline = deadline;
		this.budget = budget;
	}

	/**
	 * Bring a folder to a commit.
	 * @param commit the commit to write
	 * @param base the commit whose files the folder holds, all of them, or {@code null}
	 * for an empty folder
	 * @param baseCounts the files and bytes of {@code base}, when {@code base} is given
	 * @param servedCommit the commit served, whose unchanged files are linked
	 * @param servedFolder the folder of the commit served
	 * @param into the folder
	 * @return the files and bytes of {@code commit}, and what was left out
	 * @throws IOException when a limit is passed, the folder cannot be written, or an
	 * update finds the folder other than {@code base} left it
	 */
	Counts write(ObjectId commit, @Nullable ObjectId base, @Nullable Counts baseCounts, @Nullable ObjectId servedCommit,
			@Nullable Path servedFolder, Path into) throws IOException {
		Path root = into.toAbsolutePath().normalize();
		try (RevWalk walk = new RevWalk(this.repository); TreeWalk tree = new TreeWalk(this.repository)) {
			ObjectId newTree = walk.parseCommit(commit).getTree();
			tree.addTree(newTree);
			addTree(tree, walk, base);
			boolean link = servedFolder != null && addTree(tree, walk, servedCommit);
			if (!link) {
				tree.addTree(new EmptyTreeIterator());
			}
			// Paths equal in all trees are skipped without reading their subtrees.
			TreeFilter changed = TreeFilter.ANY_DIFF;
			tree.setFilter(this.path.isEmpty() ? changed : AndTreeFilter.create(PathFilter.create(this.path), changed));
			if (base != null && baseCounts != null) {
				this.budget.hold(baseCounts.files(), baseCounts.bytes());
			}
			Skips skips = new Skips(this.repository, this.path, newTree, root);
			ObjectReader reader = tree.getObjectReader();
			while (tree.next()) {
				this.deadline.check();
				String relative = relative(tree.getPathString());
				if (relative != null && skips.covers(relative)) {
					continue;
				}
				if (tree.isSubtree()) {
					if (relative != null && depth(relative) > CheckoutPaths.MAX_DEPTH) {
						skip(skips, relative, "is deeper than " + CheckoutPaths.MAX_DEPTH + " folders");
					}
					else {
						tree.enterSubtree();
					}
					continue;
				}
				if (relative == null) {
					continue;
				}
				Path target;
				try {
					target = root.resolve(CheckoutPaths.normalize(relative));
				}
				catch (IllegalArgumentException ex) {
					skip(skips, relative, ex.getMessage());
					continue;
				}
				try {
					entry(tree, reader, base != null, link ? servedFolder : null, root, target);
				}
				catch (FileAlreadyExistsException | NotDirectoryException ex) {
					if (base != null) {
						// The spare folder is not what its commit left: write afresh.
						throw ex;
					}
					skip(skips, relative, "is a second entry of one path");
				}
			}
			if (!this.path.isEmpty() && this.budget.files() == 0) {
				throw new IOException(
						"commit " + commit.abbreviate(12).name() + " has no files in '" + this.path + "'");
			}
			return new Counts(this.budget.files(), this.budget.bytes(), skips.warnings());
		}
	}

	private void entry(TreeWalk tree, ObjectReader reader, boolean update, @Nullable Path servedFolder, Path root,
			Path target) throws IOException {
		boolean wanted = regular(tree, NEW);
		boolean held = update && regular(tree, BASE);
		if (wanted && held && tree.getObjectId(NEW).equals(tree.getObjectId(BASE))) {
			return;
		}
		if (held) {
			this.budget.release(1, reader.getObjectSize(tree.getObjectId(BASE), Constants.OBJ_BLOB));
			Files.deleteIfExists(target);
			if (!wanted) {
				removeEmptyParents(target.getParent(), root);
			}
		}
		if (wanted) {
			this.budget.file();
			this.budget.bytes(reader.getObjectSize(tree.getObjectId(NEW), Constants.OBJ_BLOB));
			Files.createDirectories(target.getParent());
			if (!(servedFolder != null && tree.getObjectId(NEW).equals(tree.getObjectId(SERVED))
					&& link(target, servedFolder.resolve(root.relativize(target))))) {
				try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW,
						StandardOpenOption.WRITE)) {
					reader.open(tree.getObjectId(NEW)).copyTo(out);
				}
			}
		}
	}

	// A skipped entry counts as one, so that a tree of bad entries is bounded too.
	private void skip(Skips skips, String relative, String why) throws IOException {
		this.budget.file();
		skips.skip(relative, why);
	}

	private boolean addTree(TreeWalk tree, RevWalk walk, @Nullable ObjectId commit) throws IOException {
		if (commit == null || !this.repository.getObjectDatabase().has(commit)) {
			tree.addTree(new EmptyTreeIterator());
			return false;
		}
		tree.addTree(walk.parseCommit(commit).getTree());
		return true;
	}

	private static boolean regular(TreeWalk tree, int index) {
		FileMode mode = tree.getFileMode(index);
		return mode == FileMode.REGULAR_FILE || mode == FileMode.EXECUTABLE_FILE;
	}

	// A tree path relative to the configured path; null for the path itself, its parents
	// and what is outside it.
	private @Nullable String relative(String treePath) {
		if (this.path.isEmpty()) {
			return treePath;
		}
		return treePath.startsWith(this.path + "/") ? treePath.substring(this.path.length() + 1) : null;
	}

	private static int depth(String relative) {
		return (int) relative.chars().filter((c) -> c == '/').count() + 1;
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
	 * The files and bytes of one checked-out commit, for the limits of the next update,
	 * and what its checkout left out.
	 *
	 * @param files the files
	 * @param bytes the bytes
	 * @param warnings one per entry or skill left out; an update never starts from a
	 * checkout that left something out
	 */
	record Counts(int files, long bytes, List<String> warnings) {

		Counts {
			warnings = List.copyOf(warnings);
		}

		/**
		 * Whether the checkout holds every file of its commit.
		 * @return whether nothing was left out
		 */
		boolean complete() {
			return this.warnings.isEmpty();
		}

	}

}
