package dev.skills.sources;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import dev.skills.core.registry.SkillsRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Runs the remote skill sources of one registry. Each source is, to the registry, one
 * folder location ({@link #locations()}) whose content switches atomically from one
 * complete revision to the next. Each source fetches on a thread of its own that this
 * object owns, never on a caller's: at {@link #start(SkillsRegistry)}, every refresh
 * interval, and on {@link #refresh()}; a source that hangs holds back no other, and the
 * timeout bounds each of its fetches and checkouts whole. After a switch the registry
 * reads that location again; a fetch that fails keeps the last good revision.
 * {@link #close()} ends every thread.
 */
public final class SourceRefresher implements AutoCloseable {

	private final List<SourceRun> runs;

	private final SourcesSettings settings;

	private volatile @Nullable SkillsRegistry registry;

	private SourceRefresher(List<SourceRun> runs, SourcesSettings settings) {
		this.runs = List.copyOf(runs);
		this.settings = settings;
	}

	/**
	 * Prepare sources; nothing is fetched before {@link #start(SkillsRegistry)}.
	 * @param sources the factories of the sources, in the order the registry searches
	 * them (git repositories, published indexes, contributed kinds such as MCP servers)
	 * @param settings the cache folder, the timeout and the limits of one revision
	 * @param listener told of every fetch, with the source's status after it (for
	 * metrics)
	 * @return the sources
	 * @throws UncheckedIOException when a cache folder cannot be created
	 */
	public static SourceRefresher create(List<SkillSource.Factory> sources, SourcesSettings settings,
			Consumer<SourceStatus> listener) {
		List<SourceRun> runs = new ArrayList<>();
		for (SkillSource.Factory factory : sources) {
			RevisionFolders folders = folders(settings, factory);
			SkillSource source = factory.create(settings, folders.store(), folders::revision);
			runs.add(new SourceRun(source, folders, listener, "skills-source-" + (runs.size() + 1)));
		}
		return new SourceRefresher(runs, settings);
	}

	// Readable and unique: the factory's readable name and a hash of everything that
	// makes the source another one.
	private static RevisionFolders folders(SourcesSettings settings, SkillSource.Factory factory) {
		String readable = factory.readableName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
		if (readable.length() > 40) {
			readable = readable.substring(0, 40);
		}
		String folderName = readable + "-" + HexFormat.of().formatHex(sha256(factory.identity()), 0, 6);
		try {
			return new RevisionFolders(settings.cacheDir().resolve(folderName));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create the cache folder of " + factory.readableName(), ex);
		}
	}

	private static byte[] sha256(String text) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
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
	 * Fetch every source now, each on its own thread, and again every refresh interval of
	 * each; tell the registry of each new revision.
	 * @param registry the registry whose locations include {@link #locations()}
	 */
	public void start(SkillsRegistry registry) {
		this.registry = registry;
		this.runs.forEach((run) -> run.start(this::fetch));
	}

	/**
	 * Fetch every source now, each on its own thread, and wait for the fetches, at most
	 * twice the timeout (a fetch and a checkout) and a second.
	 * @return the status of every source afterwards
	 */
	public List<SourceStatus> refresh() {
		List<Future<?>> fetches = new ArrayList<>();
		for (SourceRun run : this.runs) {
			try {
				fetches.add(run.submit(this::fetch));
			}
			catch (RuntimeException ex) {
				// Closed: the statuses say what is served.
			}
		}
		long end = System.nanoTime() + this.settings.timeout().toNanos() * 2 + TimeUnit.SECONDS.toNanos(1);
		for (Future<?> fetch : fetches) {
			try {
				fetch.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
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
	 * Fetch one source soon, on its thread, without waiting: for a source told that it
	 * changed (an MCP server's {@code resources/list_changed}). Requests that arrive
	 * while one is queued are folded into it. Nothing happens before
	 * {@link #start(SkillsRegistry)}, which fetches every source anyway.
	 * @param name the source's name, as in its status
	 * @return whether a source of that name exists
	 */
	public boolean refreshSoon(String name) {
		for (SourceRun run : this.runs) {
			if (run.source().name().equals(name)) {
				if (this.registry != null) {
					run.soon(this::fetch);
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
	 * Stop fetching: every fetch under way is interrupted and every source's thread ends.
	 * The revisions stay in the cache for the next start.
	 */
	@Override
	public void close() {
		this.runs.forEach(SourceRun::stop);
		long end = System.nanoTime() + this.settings.timeout().toNanos() + TimeUnit.SECONDS.toNanos(1);
		try {
			for (SourceRun run : this.runs) {
				run.awaitStopped(Math.max(0, end - System.nanoTime()));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.runs.forEach((run) -> run.source().close());
	}

	private void fetch(SourceRun run) {
		SourceStatus status = run.run(this::switched);
		SkillsRegistry registry = this.registry;
		if (registry != null) {
			registry.report(run.location().toString(), status.diagnostics(run.warnings()));
		}
	}

	private void switched(Path location) {
		SkillsRegistry registry = this.registry;
		if (registry != null) {
			// Only this location is scanned again.
			registry.refresh(List.of(location));
		}
	}

}
