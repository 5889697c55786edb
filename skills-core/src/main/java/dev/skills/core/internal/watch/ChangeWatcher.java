package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.core.SkillConfig;

/**
 * Watches folders (recursively) and hands batches of changed paths to a
 * {@link ChangeHandler} on its own daemon thread. Folders that do not exist yet are
 * picked up when they appear.
 */
public interface ChangeWatcher extends AutoCloseable {

	/** The longest a batch is held back while events keep coming. */
	Duration MAX_BATCH_DELAY = Duration.ofSeconds(1);

	/**
	 * How often a location is polled after native file watches ran out (no poll interval
	 * set).
	 */
	Duration FALLBACK_POLL_INTERVAL = Duration.ofSeconds(2);

	/**
	 * Start watching, within the configuration's discovery limits: one level deeper than
	 * {@link SkillConfig#discoveryMaxDepth()} and at most
	 * {@link SkillConfig#discoveryMaxDirectories()} folders per root outside skill
	 * folders, and inside each skill folder the folders its file listing covers. When
	 * native watches run out (the operating system's per-user limit), that root is polled
	 * instead.
	 * @param roots the folders to watch, existing or not
	 * @param config the debounce, the poll interval ({@code null} for native events) and
	 * the discovery limits
	 * @param handler receives the batches, and the watcher's standing warnings
	 * @return the running watcher
	 * @throws IOException when the file system cannot be watched
	 */
	static ChangeWatcher start(List<Path> roots, SkillConfig config, ChangeHandler handler) throws IOException {
		return (config.pollInterval() != null) ? new PollingChangeWatcher(roots, config.pollInterval(), config, handler)
				: new NativeChangeWatcher(roots, config, handler, Integer.MAX_VALUE);
	}

	/**
	 * Whether the watcher is still running: {@code false} after {@link #close()} or when
	 * it died.
	 * @return whether changes are still seen
	 */
	boolean isRunning();

	/**
	 * Stop watching and end the thread.
	 */
	@Override
	void close();

}
