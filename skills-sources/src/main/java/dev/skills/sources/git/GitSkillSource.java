package dev.skills.sources.git;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.skills.sources.Deadline;
import dev.skills.sources.FetchLimitException;
import dev.skills.sources.FolderTrees;
import dev.skills.sources.SkillSource;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.git.TreeCheckout.Counts;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.transport.URIish;
import org.jspecify.annotations.Nullable;

/**
 * A git repository: a shallow fetch of one ref into the source's {@link GitStore}, and a
 * checkout of the commit's tree (below the configured path) into a revision folder,
 * within the timeout and the revision's limits. Nothing fetched is run: no hooks, no
 * filters, no submodules, no links.
 */
final class GitSkillSource implements SkillSource {

	private final GitSourceSettings settings;

	private final SourcesSettings limits;

	private final GitStore store;

	private final Function<String, Path> revisionFolder;

	private final String name;

	// The files and bytes of the last checkouts, by commit: an update counts only what
	// changed. Only the source's thread touches it.
	private final Map<String, Counts> counts = new LinkedHashMap<>();

	private volatile List<String> warnings = List.of();

	/**
	 * Create the source.
	 * @param settings what to fetch
	 * @param limits the timeout and the most files and bytes one revision may hold
	 * @param store the source's store, for the repository's objects
	 * @param revisionFolder the folder of a served revision
	 */
	GitSkillSource(GitSourceSettings settings, SourcesSettings limits, Path store,
			Function<String, Path> revisionFolder) {
		this.settings = settings;
		this.limits = limits;
		this.store = new GitStore(settings, limits, store);
		this.revisionFolder = revisionFolder;
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
		return this.store.fetch();
	}

	@Override
	public void checkout(String revision, @Nullable String served, Path into) throws IOException {
		write(revision, null, served, into, Deadline.after(this.limits.timeout()));
	}

	@Override
	public void update(String revision, @Nullable String served, String base, Path folder) throws IOException {
		Deadline deadline = Deadline.after(this.limits.timeout());
		Counts baseCounts = this.counts.get(base);
		if (baseCounts != null && baseCounts.complete()) {
			try {
				write(revision, base, served, folder, deadline);
				return;
			}
			catch (FetchLimitException ex) {
				throw ex;
			}
			catch (IOException ex) {
				// A file that became a folder, a spare whose commit is gone: write
				// afresh.
			}
		}
		FolderTrees.delete(folder);
		Files.createDirectory(folder);
		write(revision, null, served, folder, deadline);
	}

	@Override
	public List<String> warnings() {
		return this.warnings;
	}

	@Override
	public void close() {
		this.store.close();
	}

	private void write(String revision, @Nullable String base, @Nullable String served, Path into, Deadline deadline)
			throws IOException {
		this.store.keep(served);
		try (Repository repository = this.store.open()) {
			ObjectId baseCommit = (base != null) ? ObjectId.fromString(base) : null;
			if (baseCommit != null && !repository.getObjectDatabase().has(baseCommit)) {
				throw new IOException("the spare revision's commit is not in the cache");
			}
			Counts counts = new TreeCheckout(repository, this.settings.path(), deadline, this.limits.budget()).write(
					ObjectId.fromString(revision), baseCommit, (base != null) ? this.counts.get(base) : null,
					(served != null) ? ObjectId.fromString(served) : null,
					(served != null) ? this.revisionFolder.apply(served) : null, into);
			this.counts.put(revision, counts);
			while (this.counts.size() > 3) {
				this.counts.remove(this.counts.keySet().iterator().next());
			}
			this.warnings = counts.warnings();
		}
	}

}
