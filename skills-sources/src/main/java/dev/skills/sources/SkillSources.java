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
public final class SkillSources implements AutoCloseable {

	private final List<SourceRun> runs;

	private final Duration timeout;

	private final ScheduledExecutorService executor;

	private final Set<SourceRun> queued = ConcurrentHashMap.newKeySet();

	private volatile @Nullable SkillsRegistry registry;

	private SkillSources(List<SourceRun> runs, Duration timeout) {
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
	 * @param listener told of every fetch (for metrics)
	 * @return the sources
	 * @throws UncheckedIOException when a cache folder cannot be created
	 */
	public static SkillSources git(List<GitSourceSettings> git, SourcesSettings settings, FetchListener listener) {
		return create(git, List.of(), settings, listener);
	}

	/**
	 * Prepare git sources and sources of other kinds, in that order; nothing is fetched
	 * before {@link #start(SkillsRegistry)}. Each contributed source gets a cache folder
	 * named after its type and name, and is closed with this object.
	 * @param git the repositories
	 * @param contributed sources of other kinds (for example MCP servers)
	 * @param settings the cache folder, the fetch timeout and the checkout limits
	 * @param listener told of every fetch (for metrics)
	 * @return the sources
	 * @throws UncheckedIOException when a cache folder cannot be created
	 */
	public static SkillSources create(List<GitSourceSettings> git, List<? extends RemoteSource> contributed,
			SourcesSettings settings, FetchListener listener) {
		List<SourceRun> runs = new ArrayList<>();
		CheckoutLimits limits = new CheckoutLimits(settings.maxFiles(), settings.maxBytes());
		for (GitSourceSettings source : git) {
			try {
				RevisionFolders folders = new RevisionFolders(settings.cacheDir().resolve(folderName(source)));
				runs.add(new SourceRun(new GitSource(source, folders, settings.timeout(), limits), folders, listener));
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot create the cache folder of " + GitSource.displayName(source),
						ex);
			}
		}
		for (RemoteSource source : contributed) {
			try {
				RevisionFolders folders = new RevisionFolders(
						settings.cacheDir().resolve(folderName(source.type(), source.name())));
				runs.add(new SourceRun(source, folders, listener));
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot create the cache folder of " + source.name(), ex);
			}
		}
		return new SkillSources(runs, settings.timeout());
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
				this.executor.execute(() -> run.run(this::switched));
			}
			else {
				this.executor.scheduleWithFixedDelay(() -> run.run(this::switched), 0, interval.toMillis(),
						TimeUnit.MILLISECONDS);
			}
		}
	}

	/**
	 * Fetch every source now on this object's thread and wait for the fetches, at most
	 * the fetch timeout each.
	 * @return the status of every source afterwards
	 */
	public List<SourceStatus> refresh() {
		List<Future<FetchOutcome>> fetches = new ArrayList<>();
		for (SourceRun run : this.runs) {
			fetches.add(this.executor.submit(() -> run.run(this::switched)));
		}
		for (Future<FetchOutcome> fetch : fetches) {
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
						run.run(this::switched);
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
		for (SourceRun run : this.runs) {
			try {
				run.source().close();
			}
			catch (Exception ex) {
				// Closing one source never keeps the others open.
			}
		}
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
		return hashedName(last + "-" + source.ref(), source.uri() + "\n" + source.ref() + "\n" + source.path());
	}

	static String folderName(String type, String name) {
		return hashedName(name, type + "\n" + name);
	}

	private static String hashedName(String readable, String identity) {
		readable = readable.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
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

	/**
	 * Where sources are cached and how much a fetch may take.
	 *
	 * @param cacheDir the folder under which each source gets a folder of its own
	 * @param timeout the longest a fetch may wait on the network
	 * @param maxFiles the most files one revision may hold
	 * @param maxBytes the most bytes one revision may hold
	 */
	public record SourcesSettings(Path cacheDir, Duration timeout, int maxFiles, long maxBytes) {

		/** The default cache folder: {@code skills-sources} in the temp folder. */
		public static final Path DEFAULT_CACHE_DIR = Path.of(System.getProperty("java.io.tmpdir"), "skills-sources");

		/**
		 * The defaults: the temp folder, 30 s, 10,000 files, 100 MB.
		 * @return the default settings
		 */
		public static SourcesSettings defaults() {
			return new SourcesSettings(DEFAULT_CACHE_DIR, Duration.ofSeconds(30), 10_000, 100L * 1024 * 1024);
		}

		/**
		 * The same settings with another cache folder.
		 * @param cacheDir the cache folder
		 * @return the settings
		 */
		public SourcesSettings withCacheDir(Path cacheDir) {
			return new SourcesSettings(cacheDir, this.timeout, this.maxFiles, this.maxBytes);
		}

	}

}
