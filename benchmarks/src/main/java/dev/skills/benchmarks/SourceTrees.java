package dev.skills.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.git.GitSourceFactory;
import dev.skills.sources.git.GitSourceSettings;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;

/**
 * A git repository of skills for the source benchmarks, in one of two shapes:
 * {@code project} (the first location of a {@link SkillTrees} tree: categories of skills
 * with a reference file each, below a folder of the repository) or {@code peer} (the
 * peer-like tree: 50 family folders of single-file skills at the repository's root),
 * committed with JGit, read through a git source (over {@code file:}, so that the figures
 * are the library's work, not a network's) and, as the baseline, as a plain folder
 * location.
 */
final class SourceTrees implements AutoCloseable {

	private final Path root;

	private final Path cache;

	private final Git git;

	private final int skills;

	private final boolean peer;

	private int edits;

	SourceTrees(int skills) {
		this(skills, "project");
	}

	SourceTrees(int skills, String shape) {
		this.skills = skills;
		this.peer = shape.equals("peer");
		this.root = this.peer ? SkillTrees.createPeerLike(skills) : SkillTrees.create(skills);
		try {
			this.cache = Files.createTempDirectory("skills-bench-cache");
			this.git = Git.init().setDirectory(this.root.toFile()).setInitialBranch("main").call();
			commit("all skills");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GitAPIException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The skills' folder, as a folder location.
	 * @return the folder
	 */
	String folder() {
		return this.peer ? this.root.toString() : this.root.resolve("location-0").toString();
	}

	/**
	 * A registry over the folder.
	 * @return the registry
	 */
	SkillsRegistry folderRegistry() {
		return SkillsRegistry.create(SkillConfig.builder().skillsDir(folder()).build());
	}

	/**
	 * Sources over the repository, not started.
	 * @param name the cache folder's name for these sources
	 * @return the sources
	 */
	SourceRefresher sources(String name) {
		GitSourceSettings source = new GitSourceSettings(this.root.resolve(".git").toUri().toString(), "main",
				this.peer ? "" : "location-0", Duration.ZERO, null, null);
		return SourceRefresher.create(List.of(new GitSourceFactory(source)),
				SourcesSettings.defaults().withCacheDir(this.cache.resolve(name)), (status) -> {
				});
	}

	/**
	 * Fetch, and fail unless the fetch succeeded: a failed one would be timed as a fast
	 * one.
	 * @param sources the sources
	 * @return their statuses
	 */
	static List<SourceStatus> refresh(SourceRefresher sources) {
		List<SourceStatus> statuses = sources.refresh();
		if (statuses.get(0).lastError() != null) {
			throw new IllegalStateException(statuses.get(0).lastError());
		}
		return statuses;
	}

	/**
	 * A registry over the sources, loaded.
	 * @param sources the sources
	 * @return the registry
	 */
	static SkillsRegistry sourceRegistry(SourceRefresher sources) {
		SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(sources.locations()).build());
		sources.start(registry);
		refresh(sources);
		return registry;
	}

	/**
	 * Edit one skill and commit the edit.
	 */
	void commitOneEdit() {
		String suffix = ((this.edits++ % 2) == 0) ? " Edited." : " Edited again.";
		try {
			int edited = this.skills / 2;
			if (this.peer) {
				Path file = this.root.resolve("family-" + (edited % 50))
					.resolve(SkillTrees.name(edited))
					.resolve("SKILL.md");
				Files.writeString(file, Files.readString(file)
					.replaceFirst("(description: [^\n]*?)( Edited\\.| Edited again\\.)?\n", "$1" + suffix + "\n"));
			}
			else {
				Files.writeString(SkillTrees.skillFile(this.root, edited), SkillTrees.content(edited, suffix));
			}
			commit("edit " + this.edits);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GitAPIException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void commit(String message) throws GitAPIException {
		this.git.add().addFilepattern(".").call();
		this.git.commit().setMessage(message).setSign(false).call();
	}

	@Override
	public void close() {
		this.git.close();
		SkillTrees.delete(this.root);
		SkillTrees.delete(this.cache);
	}

}
