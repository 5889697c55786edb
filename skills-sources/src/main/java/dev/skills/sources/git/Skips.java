package dev.skills.sources.git;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.sources.FolderTrees;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.jspecify.annotations.Nullable;

/**
 * What a checkout leaves out. A bad entry inside a skill (the nearest folder above it,
 * from the top, that holds a {@code SKILL.md} in the commit) leaves the whole skill out:
 * its folder is removed and nothing more is written into it. A bad entry outside every
 * skill leaves only itself out. Each says so once, naming the skill folder and the entry
 * relative to the source, bounded.
 */
final class Skips {

	// Skill folders are searched this deep from the top; the registry finds none deeper.
	private static final int MAX_SKILL_DEPTH = 8;

	private static final int MAX_SHOWN = 200;

	private final Repository repository;

	private final String path;

	private final ObjectId tree;

	private final Path root;

	private final Set<String> skills = new LinkedHashSet<>();

	private final List<String> warnings = new ArrayList<>();

	/**
	 * The skips of one checkout.
	 * @param repository the repository
	 * @param path the configured path inside it
	 * @param tree the commit's tree
	 * @param root the folder written into
	 */
	Skips(Repository repository, String path, ObjectId tree, Path root) {
		this.repository = repository;
		this.path = path;
		this.tree = tree;
		this.root = root;
	}

	/**
	 * Whether an entry lies in a skill already left out.
	 * @param relative the entry, relative to the configured path
	 * @return whether it is skipped without a word
	 */
	boolean covers(String relative) {
		for (String skill : this.skills) {
			if (relative.startsWith(skill + "/")) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Leave out a bad entry and, when it is inside one, its skill.
	 * @param relative the entry, relative to the configured path
	 * @param why what is wrong with it, without the path
	 * @throws IOException when the skill's folder cannot be removed
	 */
	void skip(String relative, String why) throws IOException {
		String skill = skillOf(relative);
		if (skill == null) {
			this.warnings.add("'" + shown(relative) + "' left out: it " + why);
			return;
		}
		this.skills.add(skill);
		FolderTrees.delete(this.root.resolve(skill));
		this.warnings.add("skill folder '" + shown(skill) + "' left out: its entry '"
				+ shown(relative.substring(skill.length() + 1)) + "' " + why);
	}

	/**
	 * What was left out.
	 * @return one warning per skill or entry
	 */
	List<String> warnings() {
		return List.copyOf(this.warnings);
	}

	private @Nullable String skillOf(String relative) throws IOException {
		String[] segments = relative.split("/");
		StringBuilder folder = new StringBuilder();
		for (int i = 0; i < Math.min(segments.length - 1, MAX_SKILL_DEPTH); i++) {
			folder.append((i > 0) ? "/" : "").append(segments[i]);
			String inRepository = (this.path.isEmpty() ? "" : this.path + "/") + folder;
			for (String name : List.of("SKILL.md", "skill.md")) {
				try (TreeWalk found = TreeWalk.forPath(this.repository, inRepository + "/" + name, this.tree)) {
					if (found != null) {
						return folder.toString();
					}
				}
			}
		}
		return null;
	}

	private static String shown(String path) {
		return ModelText.echo(path, MAX_SHOWN);
	}

}
