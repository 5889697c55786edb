package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Watches folders (recursively) and hands batches of changed paths to a
 * {@link ChangeHandler} on its own daemon thread, which {@link #close()} ends. Folders
 * are watched natively ({@link NativeWatches}), or polled when a poll interval is set
 * (for file systems such as NFS that send no events) or their native watches ran out.
 */
public final class ChangeWatcher implements AutoCloseable {

	/** How often a root is polled after its native watches ran out. */
	static final Duration FALLBACK_POLL_INTERVAL = Duration.ofSeconds(2);

	private static final Log logger = LogFactory.getLog(ChangeWatcher.class);

	// The longest a batch is held back while events keep coming.
	private static final long MAX_BATCH_DELAY = Duration.ofSeconds(1).toNanos();

	private final WatchService service;

	private final SkillConfig config;

	private final ChangeHandler handler;

	private final NativeWatches natives;

	private final long pollInterval;

	// The polled roots, each with the stamps of its last scan; the watcher thread's.
	private final Map<Path, Map<Path, String>> polled = new LinkedHashMap<>();

	private final Thread thread;

	private volatile boolean running = true;

	ChangeWatcher(List<Path> roots, SkillConfig config, ChangeHandler handler, int maxWatches) throws IOException {
		this.service = FileSystems.getDefault().newWatchService();
		List<Path> absolute = roots.stream().map((root) -> root.toAbsolutePath().normalize()).toList();
		this.config = config;
		this.handler = handler;
		boolean polling = config.pollInterval() != null;
		this.pollInterval = polling ? config.pollInterval().toNanos() : FALLBACK_POLL_INTERVAL.toNanos();
		this.natives = new NativeWatches(this.service, polling ? List.of() : absolute, config, handler, maxWatches);
		for (Path root : polling ? absolute : this.natives.givenUp()) {
			this.polled.put(root, WatchedFolders.stamps(root, config));
		}
		this.thread = new Thread(this::run, "skills-watcher");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	// Watch roots, existing or not, within the discovery limits.
	public static ChangeWatcher start(List<Path> roots, SkillConfig config, ChangeHandler handler) throws IOException {
		return new ChangeWatcher(roots, config, handler, Integer.MAX_VALUE);
	}

	// False after close() or when the thread died.
	public boolean isRunning() {
		return this.running && this.thread.isAlive();
	}

	@Override
	public void close() {
		this.running = false;
		try {
			this.service.close();
		}
		catch (IOException ex) {
			logger.debug("Closing the watch service failed", ex);
		}
		this.thread.interrupt();
		try {
			this.thread.join(TimeUnit.SECONDS.toMillis(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	// Batches events and poll results until quiet for the debounce or MAX_BATCH_DELAY.
	private void run() {
		Set<Path> pending = new LinkedHashSet<>();
		boolean overflow = false;
		long firstEvent = 0;
		long lastEvent = 0;
		long nextPoll = System.nanoTime() + this.pollInterval;
		try {
			while (this.running) {
				long now = System.nanoTime();
				boolean batching = !pending.isEmpty() || overflow;
				long dispatchAt = Math.min(lastEvent + this.config.watchDebounce().toNanos(),
						firstEvent + MAX_BATCH_DELAY);
				if (batching && now - dispatchAt >= 0) {
					dispatch(pending, overflow);
					pending = new LinkedHashSet<>();
					overflow = false;
				}
				else if (!this.polled.isEmpty() && now - nextPoll >= 0) {
					if (poll(pending)) {
						firstEvent = batching ? firstEvent : now;
						lastEvent = System.nanoTime();
					}
					nextPoll = System.nanoTime() + this.pollInterval;
				}
				else {
					long wait = batching ? dispatchAt - now : Long.MAX_VALUE;
					wait = this.polled.isEmpty() ? wait : Math.min(wait, nextPoll - now);
					WatchKey key = (wait == Long.MAX_VALUE) ? this.service.take()
							: this.service.poll(wait, TimeUnit.NANOSECONDS);
					if (key != null) {
						firstEvent = batching ? firstEvent : System.nanoTime();
						overflow |= this.natives.collect(key, pending);
						pollGivenUp();
						lastEvent = System.nanoTime();
					}
				}
			}
		}
		catch (InterruptedException | ClosedWatchServiceException ex) {
			// closed
		}
		catch (RuntimeException | Error ex) {
			logger.error("The skills watcher stopped; hot reload is off until restart", ex);
		}
		finally {
			this.running = false;
		}
	}

	private void pollGivenUp() {
		this.natives.givenUp()
			.forEach((root) -> this.polled.computeIfAbsent(root, (r) -> WatchedFolders.stamps(r, this.config)));
	}

	// Add what changed in each polled root since its last scan; whether anything did.
	private boolean poll(Set<Path> pending) {
		int before = pending.size();
		this.polled.replaceAll((root, last) -> {
			Map<Path, String> now;
			try {
				now = WatchedFolders.stamps(root, this.config);
			}
			catch (RuntimeException ex) {
				logger.warn("Polling " + root + " for skill changes failed", ex);
				return last;
			}
			now.forEach((path, stamp) -> {
				if (!stamp.equals(last.remove(path))) {
					pending.add(path);
				}
			});
			pending.addAll(last.keySet());
			return now;
		});
		return pending.size() > before;
	}

	private void dispatch(Set<Path> pending, boolean overflow) {
		try {
			this.handler.onChange(Set.copyOf(pending), overflow);
		}
		catch (RuntimeException ex) {
			logger.warn("Applying skill changes failed", ex);
		}
	}

}
