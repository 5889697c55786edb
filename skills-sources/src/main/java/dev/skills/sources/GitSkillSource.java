package dev.skills.sources;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.sources.TreeCheckout.Counts;
import org.eclipse.jgit.api.FetchCommand;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.api.errors.JGitInternalException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.TagOpt;
import org.eclipse.jgit.transport.URIish;
import org.eclipse.jgit.transport.UsernamePasswordCredentialsProvider;
import org.jspecify.annotations.Nullable;

/**
 * A git repository: a shallow fetch of one ref into the source's bare repository, and a
 * checkout of the commit's tree (below the configured path) into a revision folder.
 * Nothing fetched is run: no hooks, no filters, no submodules, no links.
 */
final class GitSkillSource implements SkillSource {

	private static final String FETCHED = "refs/skills/fetched";

	private final GitSourceSettings settings;

	private final RevisionFolders folders;

	private final SourcesSettings limits;

	private final String name;

	// The files and bytes of the last checkouts, by commit: an update counts only what
	// changed. Only the source's run (one fetch at a time) touches it.
	private final Map<String, Counts> counts = new LinkedHashMap<>();

	// The full name of the ref once one fetch found it (refs/heads/x or refs/tags/x).
	private volatile @Nullable String resolvedRef;

	/**
	 * Create the source.
	 * @param settings what to fetch
	 * @param folders the source's cache folder
	 * @param limits the fetch timeout and the most files and bytes one revision may hold
	 */
	GitSkillSource(GitSourceSettings settings, RevisionFolders folders, SourcesSettings limits) {
		this.settings = settings;
		this.folders = folders;
		this.limits = limits;
		this.name = displayName(settings);
	}

	/**
	 * The name of a repository's source: its URI without user or password, the ref and
	 * the path.
	 * @param settings the settings
	 * @return for example {@code https://git.example.com/team/skills.git#main:skills}
	 */
	static String displayName(GitSourceSettings settings) {
		String uri = settings.uri();
		try {
			uri = new URIish(uri).setUser(null).setPass(null).toString();
		}
		catch (URISyntaxException ex) {
			// Shown as configured; a URI JGit cannot read fails the fetch with a message.
		}
		return uri + "#" + settings.ref() + (settings.path().isEmpty() ? "" : ":" + settings.path());
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public String type() {
		return "git";
	}

	@Override
	public boolean moves() {
		return !this.settings.pinned();
	}

	@Override
	public Duration refreshInterval() {
		return this.settings.refreshInterval();
	}

	@Override
	public String fetch() throws IOException {
		try (Repository repository = open(); Git git = Git.wrap(repository)) {
			IOException failure = null;
			for (String ref : candidates()) {
				try {
					fetch(git, ref);
					this.resolvedRef = ref;
					return commitOf(repository);
				}
				catch (GitAPIException | JGitInternalException ex) {
					failure = (failure != null) ? failure : new IOException(message(ex), ex);
					if (!missingRef(ex)) {
						break;
					}
				}
			}
			throw failure;
		}
	}

	@Override
	public void checkout(String revision, @Nullable String served, Path into) throws IOException {
		write(revision, null, served, into);
	}

	@Override
	public void update(String revision, @Nullable String served, String base, Path folder) throws IOException {
		try {
			write(revision, base, served, folder);
		}
		catch (IOException ex) {
			// A file that became a folder, a spare whose commit is gone: write it afresh.
			SkillSource.super.update(revision, served, base, folder);
		}
	}

	private void write(String revision, @Nullable String base, @Nullable String served, Path into) throws IOException {
		try (Repository repository = open()) {
			ObjectId baseCommit = (base != null) ? ObjectId.fromString(base) : null;
			if (baseCommit != null && !repository.getObjectDatabase().has(baseCommit)) {
				throw new IOException("the spare revision's commit is not in the cache");
			}
			Counts counts = new TreeCheckout(repository, this.settings.path()).write(ObjectId.fromString(revision),
					baseCommit, (base != null) ? this.counts.get(base) : null,
					(served != null) ? ObjectId.fromString(served) : null,
					(served != null) ? this.folders.revision(served) : null, into, this.limits.budget());
			this.counts.put(revision, counts);
			while (this.counts.size() > 3) {
				this.counts.remove(this.counts.keySet().iterator().next());
			}
		}
	}

	private void fetch(Git git, String ref) throws GitAPIException {
		FetchCommand fetch = git.fetch()
			.setRemote(this.settings.uri())
			.setRefSpecs(new RefSpec((this.settings.pinned() ? ref : "+" + ref) + ":" + FETCHED))
			.setDepth(1)
			.setTagOpt(TagOpt.NO_TAGS)
			.setTimeout((int) Math.max(1, this.limits.timeout().toSeconds()));
		if (this.settings.username() != null || this.settings.password() != null) {
			fetch.setCredentialsProvider(new UsernamePasswordCredentialsProvider(
					(this.settings.username() != null) ? this.settings.username() : "",
					(this.settings.password() != null) ? this.settings.password() : ""));
		}
		fetch.call();
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

	private static boolean missingRef(Exception ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			String message = cause.getMessage();
			if (message != null && message.contains("Remote does not have")) {
				return true;
			}
		}
		return false;
	}

	private Repository open() throws IOException {
		Path gitDir = this.folders.repository();
		Repository repository = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setBare().build();
		if (!Files.isDirectory(gitDir.resolve("objects"))) {
			repository.create(true);
		}
		return repository;
	}

	// The deepest cause says what went wrong (refused, not found, not authorized); the
	// password never appears in a message, whatever the server echoes.
	private String message(Exception ex) {
		StringBuilder message = new StringBuilder();
		for (Throwable cause = ex; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			String text = cause.getMessage();
			if (text != null && !message.toString().contains(text)) {
				message.append((message.length() > 0) ? ": " : "").append(text);
			}
		}
		String text = (message.length() > 0) ? message.toString() : ex.getClass().getSimpleName();
		String password = this.settings.password();
		return (password != null && !password.isEmpty()) ? text.replace(password, "******") : text;
	}

}
