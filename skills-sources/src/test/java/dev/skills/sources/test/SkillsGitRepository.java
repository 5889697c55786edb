package dev.skills.sources.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.transport.URIish;

/**
 * A repository of skills for tests: a working copy made with JGit, whose commits are
 * pushed to a bare repository that a {@link GitHttpServer} serves.
 */
public final class SkillsGitRepository implements AutoCloseable {

	private final Git work;

	private final Path workTree;

	/**
	 * Create an empty bare repository {@code <served>/<name>} and a working copy in
	 * {@code <workTree>} that pushes to it.
	 * @param served the folder the server serves
	 * @param name the bare repository's folder name
	 * @param workTree the working copy's folder
	 * @throws Exception when a repository cannot be created
	 */
	public SkillsGitRepository(Path served, String name, Path workTree) throws Exception {
		Path bare = served.resolve(name);
		try (Git git = Git.init().setBare(true).setDirectory(bare.toFile()).setInitialBranch("main").call()) {
			StoredConfig config = git.getRepository().getConfig();
			// Lets a client fetch a pinned commit by its id.
			config.setBoolean("uploadpack", null, "allowAnySHA1InWant", true);
			config.save();
		}
		this.workTree = workTree;
		this.work = Git.init().setDirectory(workTree.toFile()).setInitialBranch("main").call();
		this.work.remoteAdd().setName("origin").setUri(new URIish(bare.toUri().toURL())).call();
	}

	/**
	 * Write a file of the working copy.
	 * @param path the path in the repository
	 * @param content the text
	 * @return this repository
	 * @throws IOException when it cannot be written
	 */
	public SkillsGitRepository write(String path, String content) throws IOException {
		Path file = this.workTree.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
		return this;
	}

	/**
	 * Write a skill's {@code SKILL.md}.
	 * @param folder the skill folder's path in the repository
	 * @param description its description
	 * @return this repository
	 * @throws IOException when it cannot be written
	 */
	public SkillsGitRepository skill(String folder, String description) throws IOException {
		String name = folder.substring(folder.lastIndexOf('/') + 1);
		return write(folder + "/SKILL.md",
				"---\nname: " + name + "\ndescription: " + description + "\n---\n# " + name + "\n\nSteps.\n");
	}

	/**
	 * Delete a file or folder of the working copy.
	 * @param path the path in the repository
	 * @return this repository
	 * @throws IOException when it cannot be deleted
	 */
	public SkillsGitRepository delete(String path) throws IOException {
		try (var paths = Files.walk(this.workTree.resolve(path))) {
			paths.sorted(java.util.Comparator.reverseOrder()).forEach((p) -> p.toFile().delete());
		}
		return this;
	}

	/**
	 * Link a path of the working copy to a target.
	 * @param path the link's path in the repository
	 * @param target where it points
	 * @return this repository
	 * @throws IOException when it cannot be created
	 */
	public SkillsGitRepository link(String path, String target) throws IOException {
		Path link = this.workTree.resolve(path);
		Files.createDirectories(link.getParent());
		Files.createSymbolicLink(link, Path.of(target));
		return this;
	}

	/**
	 * Commit everything and push the branch.
	 * @param message the commit message
	 * @return the commit id
	 * @throws GitAPIException when the commit or push fails
	 */
	public String push(String message) throws GitAPIException {
		this.work.add().addFilepattern(".").call();
		this.work.add().addFilepattern(".").setUpdate(true).call();
		RevCommit commit = this.work.commit().setMessage(message).setSign(false).call();
		this.work.push().setRemote("origin").add("main").call();
		return commit.getId().name();
	}

	/**
	 * Replace the last commit with one of the working copy's content, and force-push it:
	 * the history the server had is gone.
	 * @param message the commit message
	 * @return the commit id
	 * @throws GitAPIException when the commit or push fails
	 */
	public String forcePush(String message) throws GitAPIException {
		this.work.add().addFilepattern(".").call();
		this.work.add().addFilepattern(".").setUpdate(true).call();
		RevCommit commit = this.work.commit().setMessage(message).setAmend(true).setSign(false).call();
		this.work.push().setRemote("origin").add("main").setForce(true).call();
		return commit.getId().name();
	}

	/**
	 * The working copy's folder.
	 * @return the folder
	 */
	public Path workTree() {
		return this.workTree;
	}

	/**
	 * Tag the last commit and push the tag.
	 * @param tag the tag name
	 * @throws GitAPIException when the tag or push fails
	 */
	public void tag(String tag) throws GitAPIException {
		this.work.tag().setName(tag).setSigned(false).setAnnotated(false).call();
		this.work.push().setRemote("origin").add(tag).call();
	}

	@Override
	public void close() {
		this.work.close();
	}

}
