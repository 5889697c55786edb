package dev.skills.sources;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import dev.skills.core.registry.SkillsRegistry;
import org.jspecify.annotations.Nullable;

/**
 * The remote skill sources of one registry. Each source is, to the registry, one folder
 * location ({@link #locations()}) whose content switches atomically from one complete
 * revision to the next. Fetches run on one thread that this object owns, never on a
 * caller's: at {@link #start(SkillsRegistry)}, every refresh interval, and on
 * {@link #refresh()}. After a switch the registry reads that location again; a fetch that
 * fails keeps the last good revision. {@link #close()} ends the thread.
 */
public final class SourceRefresher implements AutoCloseable {

	private final List<SourceRun> runs;

	private final Duration timeout;

	private final ScheduledExecutorService executor;

	private final Set<SourceRun> queued = ConcurrentHashMap.newKeySet();

	private volatile @Nullable SkillsRegistry registry;

	private SourceRefresher(List<SourceRun> runs, Duration timeout) {
		this.runs = List.copyOf(runs);
		this.timeout = timeout;
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "skills-sources");
			thread.setDaemon(true);
			return thread;
		});
		executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		executor.setRemoveOnCancelPolicy(true);
		this.executor = executor;
	}

	/**
	 * Prepare git sources; nothing is fetched before {@link #start(SkillsRegistry)}.
	 * @param git the repositories
	 * @param settings the cache folder, the fetch timeout and the checkout limits
	 * @param listener told of every fetch, with the source's status after it (for
	 * metrics)
	 * @return the sources
	 * @throws UncheckedIOException when a cache folder cannot be created
	 */
	public static SourceRefresher git(List<GitSourceSettings> git, SourcesSettings settings,
			Consumer<SourceStatus> listener) {
		return create(git, List.of(), settings, listener);
	}

	/**
	 * Prepare git sources and others (published indexes); nothing is fetched before
	 * {@link #start(SkillsRegistry)}.
	 * @param git the repositories
	 * @param others the other sources, after the repositories
	 * @param settings the cache folder, the fetch timeout and the checkout limits
	 * @param listener told of every fetch, with the source's status after it (for
	 * metrics)
	 * @return the sources
	 * @throws UncheckedIOException when a cache folder cannot be created
	 */
	public static SourceRefresher create(List<GitSourceSettings> git, List<SkillSource.Factory> others,
			SourcesSettings settings, Consumer<SourceStatus> listener) {
		List<SourceRun> runs = new ArrayList<>();
		for (GitSourceSettings source : git) {
			RevisionFolders folders = folders(settings, folderName(source), GitSkillSource.displayName(source));
			runs.add(new SourceRun(new GitSkillSource(source, folders, settings), folders, listener));
		}
		for (SkillSource.Factory factory : others) {
			RevisionFolders folders = folders(settings, folderName(factory.readableName(), factory.identity()),
					factory.readableName());
			runs.add(new SourceRun(factory.create(settings, folders::revision), folders, listener));
		}
		return new SourceRefresher(runs, settings.timeout());
	}

	private static RevisionFolders folders(SourcesSettings settings, String folderName, String displayName) {
		try {
			return new RevisionFolders(settings.cacheDir().resolve(folderName));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create the cache folder of " + displayName, ex);
		}
	}

	/**
	 * The folder locations the registry must search, one per source, in the order
	 * configured.
	 * @return absolute folder paths
	 */
	public List<String> locations() {
		return this.runs.stream().map((run) -> run.location().toString()).toList();
	}

	/**
	 * Fetch every source now, on this object's thread, and again every refresh interval
	 * of each; tell the registry of each new revision.
	 * @param registry the registry whose locations include {@link #locations()}
	 */
	public void start(SkillsRegistry registry) {
		this.registry = registry;
		for (SourceRun run : this.runs) {
			Duration interval = run.source().refreshInterval();
			if (interval.isZero() || !run.source().moves()) {
				this.executor.execute(() -> fetch(run));
			}
			else {
				this.executor.scheduleWithFixedDelay(() -> fetch(run), 0, interval.toMillis(), TimeUnit.MILLISECONDS);
			}
		}
	}

	/**
	 * Fetch every source now on this object's thread and wait for the fetches, at most
	 * the fetch timeout each.
	 * @return the status of every source afterwards
	 */
	public List<SourceStatus> refresh() {
		List<Future<SourceStatus>> fetches = new ArrayList<>();
		for (SourceRun run : this.runs) {
			fetches.add(this.executor.submit(() -> fetch(run)));
		}
		for (Future<SourceStatus> fetch : fetches) {
			try {
				fetch.get(this.timeout.toMillis() * 2 + 1000, TimeUnit.MILLISECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			catch (ExecutionException | TimeoutException ex) {
				// The status says why; a fetch still running finishes on its own.
			}
		}
		return statuses();
	}

	/**
	 * Fetch one source soon, on this object's thread, without waiting: for a source told
	 * that it changed (an MCP server's {@code resources/list_changed}). Requests that
	 * arrive while one is queued are folded into it. Nothing happens before
	 * {@link #start(SkillsRegistry)}, which fetches every source anyway.
	 * @param name the source's name, as in its status
	 * @return whether a source of that name exists
	 */
	public boolean refreshSoon(String name) {
		for (SourceRun run : this.runs) {
			if (run.source().name().equals(name)) {
				if (this.registry != null && !this.executor.isShutdown() && this.queued.add(run)) {
					this.executor.execute(() -> {
						this.queued.remove(run);
						fetch(run);
					});
				}
				return true;
			}
		}
		return false;
	}

	/**
	 * What every source serves now.
	 * @return one status per source, in the order configured
	 */
	public List<SourceStatus> statuses() {
		return this.runs.stream().map(SourceRun::status).toList();
	}

	/**
	 * The source a skill comes from.
	 * @param skillLocation the skill's {@code SKILL.md} or folder, as the registry
	 * reports it
	 * @return the source's status, or empty for a skill of another location
	 */
	public Optional<SourceStatus> sourceOf(String skillLocation) {
		Path path = Path.of(skillLocation).toAbsolutePath().normalize();
		for (SourceRun run : this.runs) {
			if (path.startsWith(run.location())) {
				return Optional.of(run.status());
			}
		}
		return Optional.empty();
	}

	/**
	 * Stop fetching; a fetch under way is interrupted. The revisions stay in the cache
	 * for the next start.
	 */
	@Override
	public void close() {
		this.executor.shutdownNow();
		try {
			this.executor.awaitTermination(this.timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.runs.forEach((run) -> run.source().close());
	}

	private SourceStatus fetch(SourceRun run) {
		SourceStatus status = run.run(this::switched);
		SkillsRegistry registry = this.registry;
		if (registry != null) {
			registry.report(run.location().toString(), status.diagnostics(run.source().warnings()));
		}
		return status;
	}

	private void switched(Path location) {
		SkillsRegistry registry = this.registry;
		if (registry != null) {
			// Only this location is scanned again.
			registry.refresh(List.of(location));
		}
	}

	// Readable and unique: the repository's last path segment and ref, and a hash of
	// everything that makes the source another one.
	static String folderName(GitSourceSettings source) {
		String uri = source.uri().replaceAll("/+$", "").replaceAll("\\.git$", "");
		String last = uri.substring(uri.lastIndexOf('/') + 1);
		return folderName(last + "-" + source.ref(), source.uri() + "\n" + source.ref() + "\n" + source.path());
	}

	private static String folderName(String name, String identity) {
		String readable = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
		if (readable.length() > 40) {
			readable = readable.substring(0, 40);
		}
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
			return readable + "-" + HexFormat.of().formatHex(hash, 0, 6);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
