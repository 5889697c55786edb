package dev.skills.sources.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.skills.sources.Deadline;
import dev.skills.sources.FetchLimitException;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.http.GuardedHttp;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.TransportCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.api.errors.JGitInternalException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.TagOpt;
import org.eclipse.jgit.transport.TransportHttp;
import org.eclipse.jgit.transport.UsernamePasswordCredentialsProvider;
import org.jspecify.annotations.Nullable;

/**
 * The objects of one git source: a bare repository in the source's store that a shallow
 * fetch of one ref fills, bounded. Over {@code http} and {@code https} every request goes
 * through the source's guard (the repository's origin only, a deadline for the whole
 * fetch, at most {@code max-size} bytes received); over any transport a fetch that brings
 * more than {@code max-size} bytes is dropped. Only the newest commit fetched and the
 * revision served when the last checkout began are kept: once the objects pass
 * {@code max-size} (or pile up in many packs), everything else is pruned, so the store
 * stays within a small multiple of {@code max-size} whatever is pushed.
 */
final class GitStore implements AutoCloseable {

	private static final String FETCHED = "refs/skills/fetched";

	private static final String KEPT = "refs/skills/kept";

	private static final int MAX_PACKS = 50;

	private final GitSourceSettings settings;

	private final SourcesSettings limits;

	private final Path gitDir;

	private final @Nullable GuardedHttp http;

	// The full name of the ref once one fetch found it (refs/heads/x or refs/tags/x).
	private @Nullable String resolvedRef;

	/**
	 * The store of a source.
	 * @param settings what to fetch
	 * @param limits the timeout and the bytes one fetch may bring
	 * @param gitDir the bare repository's folder
	 */
	GitStore(GitSourceSettings settings, SourcesSettings limits, Path gitDir) {
		this.settings = settings;
		this.limits = limits;
		this.gitDir = gitDir;
		this.http = GitHttp.guard(settings.uri());
	}

	/**
	 * Fetch the ref's newest commit.
	 * @return its id
	 * @throws IOException when the fetch fails, passes a limit, or brings no commit
	 */
	String fetch() throws IOException {
		Deadline deadline = Deadline.after(this.limits.timeout());
		try (Repository repository = open(); Git git = Git.wrap(repository)) {
			Ref before = repository.exactRef(FETCHED);
			String unchanged = unchanged(git, before, deadline);
			if (unchanged != null) {
				return unchanged;
			}
			long sizeBefore = objectBytes();
			IOException failure = null;
			for (String ref : candidates()) {
				try {
					fetch(git, ref, deadline);
					this.resolvedRef = ref;
					String commit = commitOf(repository);
					bound(git, before, objectBytes() - sizeBefore);
					return commit;
				}
				catch (GitAPIException | JGitInternalException ex) {
					failure = (failure != null) ? failure : GitMessages.failure(ex, this.settings.password());
					if (!GitMessages.missingRef(ex)) {
						break;
					}
				}
			}
			throw failure;
		}
	}

	/**
	 * Keep the objects of a revision (the one served when a checkout begins, the spare
	 * once it is served) until the next checkout.
	 * @param revision the commit id, or {@code null} for none
	 * @throws IOException when the ref cannot be written
	 */
	void keep(@Nullable String revision) throws IOException {
		try (Repository repository = open()) {
			RefUpdate update = repository.updateRef(KEPT);
			update.setForceUpdate(true);
			if (revision != null) {
				update.setNewObjectId(ObjectId.fromString(revision));
				update.update();
			}
			else if (repository.exactRef(KEPT) != null) {
				update.delete();
			}
		}
	}

	/**
	 * Open the repository, creating it the first time.
	 * @return the repository, to close
	 * @throws IOException when it cannot be opened
	 */
	Repository open() throws IOException {
		Repository repository = new FileRepositoryBuilder().setGitDir(this.gitDir.toFile()).setBare().build();
		if (!Files.isDirectory(this.gitDir.resolve("objects"))) {
			repository.create(true);
			StoredConfig config = repository.getConfig();
			// Pruning drops what is unreachable at once: only this source's thread uses
			// the repository.
			config.setString("gc", null, "pruneExpire", "now");
			config.setString("gc", null, "prunePackExpire", "now");
			config.save();
		}
		return repository;
	}

	/**
	 * End the guard's threads.
	 */
	@Override
	public void close() {
		if (this.http != null) {
			this.http.close();
		}
	}

	// JGit fetches a shallow ref again even when it has the commit, walking every object
	// of the revision on the way: ask first what the ref names (its advertisement alone)
	// and fetch only when that moved.
	private @Nullable String unchanged(Git git, @Nullable Ref before, Deadline deadline) throws IOException {
		Repository repository = git.getRepository();
		if (this.settings.pinned() || before == null || !repository.getObjectDatabase().has(before.getObjectId())) {
			return null;
		}
		Map<String, Ref> advertised;
		try {
			advertised = guarded(git.lsRemote().setRemote(this.settings.uri()), deadline).callAsMap();
		}
		catch (GitAPIException | JGitInternalException ex) {
			throw GitMessages.failure(ex, this.settings.password());
		}
		for (String ref : candidates()) {
			Ref remote = advertised.get(ref);
			if (remote != null) {
				if (!before.getObjectId().equals(remote.getObjectId())) {
					return null;
				}
				this.resolvedRef = ref;
				return commitOf(repository);
			}
		}
		return null;
	}

	private void fetch(Git git, String ref, Deadline deadline) throws GitAPIException {
		guarded(git.fetch(), deadline).setRemote(this.settings.uri())
			.setRefSpecs(new RefSpec((this.settings.pinned() ? ref : "+" + ref) + ":" + FETCHED))
			.setDepth(1)
			.setTagOpt(TagOpt.NO_TAGS)
			.call();
	}

	private <C extends TransportCommand<C, ?>> C guarded(C command, Deadline deadline) {
		// Over ssh and git:// JGit's read timeout is all there is.
		command.setTimeout((int) Math.max(1, this.limits.timeout().toSeconds()))
			.setTransportConfigCallback((transport) -> {
				if (transport instanceof TransportHttp overHttp) {
					if (this.http == null) {
						throw new IllegalStateException("an HTTP transport for a repository that is not http(s)");
					}
					overHttp.setHttpConnectionFactory(new GitHttp(this.http, deadline, this.limits.budget()));
				}
			});
		if (this.settings.username() != null || this.settings.password() != null) {
			command.setCredentialsProvider(new UsernamePasswordCredentialsProvider(
					(this.settings.username() != null) ? this.settings.username() : "",
					(this.settings.password() != null) ? this.settings.password() : ""));
		}
		return command;
	}

	// A fetch that brought more than a revision may hold is dropped; a store grown past
	// it, or into many packs, is pruned to what is kept.
	private void bound(Git git, @Nullable Ref before, long brought) throws IOException {
		if (brought > this.limits.maxBytes()) {
			RefUpdate reset = git.getRepository().updateRef(FETCHED);
			reset.setForceUpdate(true);
			if (before != null) {
				reset.setNewObjectId(before.getObjectId());
				reset.update();
			}
			else {
				reset.delete();
			}
			prune(git);
			throw new FetchLimitException("the fetch brought more than " + this.limits.maxBytes() + " bytes");
		}
		if (objectBytes() > this.limits.maxBytes() || packs() > MAX_PACKS) {
			prune(git);
		}
	}

	private void prune(Git git) throws IOException {
		try {
			git.gc().setExpire(new Date()).call();
		}
		catch (GitAPIException | JGitInternalException ex) {
			throw new IOException("pruning the cache failed: " + ex.getMessage(), ex);
		}
	}

	private String commitOf(Repository repository) throws IOException {
		// A commit fetched by its id updates no ref.
		Ref fetched = this.settings.pinned() ? null : repository.exactRef(FETCHED);
		ObjectId id = this.settings.pinned() ? ObjectId.fromString(this.settings.ref())
				: (fetched != null) ? fetched.getObjectId() : null;
		if (id == null || !repository.getObjectDatabase().has(id)) {
			throw new IOException("the fetch brought no commit for " + this.settings.ref());
		}
		try (RevWalk walk = new RevWalk(repository)) {
			// An annotated tag names its commit.
			return walk.parseCommit(id).getId().name();
		}
	}

	private List<String> candidates() {
		String ref = this.settings.ref();
		String known = this.resolvedRef;
		if (known != null) {
			return List.of(known);
		}
		if (this.settings.pinned() || ref.equals("HEAD") || ref.startsWith("refs/")) {
			return List.of(ref);
		}
		List<String> candidates = new ArrayList<>();
		candidates.add("refs/heads/" + ref);
		candidates.add("refs/tags/" + ref);
		return candidates;
	}

	private long objectBytes() throws IOException {
		Path objects = this.gitDir.resolve("objects");
		if (!Files.isDirectory(objects)) {
			return 0;
		}
		try (Stream<Path> files = Files.walk(objects)) {
			return files.filter(Files::isRegularFile).mapToLong((file) -> file.toFile().length()).sum();
		}
	}

	private long packs() throws IOException {
		Path packs = this.gitDir.resolve("objects").resolve("pack");
		if (!Files.isDirectory(packs)) {
			return 0;
		}
		try (Stream<Path> files = Files.list(packs)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".pack")).count();
		}
	}

}
