package dev.skills.core.watch;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Watches folders (recursively) and hands batches of changed paths to a {@link ChangeHandler}
 * on its own daemon thread. Folders that do not exist yet are picked up when they appear.
 */
public interface ChangeWatcher extends AutoCloseable {

	/** The longest a batch is held back while events keep coming. */
	Duration MAX_BATCH_DELAY = Duration.ofSeconds(1);

	/**
	 * Start watching.
	 * @param roots the folders to watch, existing or not
	 * @param debounce how long the folders must be quiet before a batch is handed over
	 * @param pollInterval poll at this interval instead of using native events; {@code null} for
	 * native events
	 * @param handler receives the batches
	 * @return the running watcher
	 * @throws IOException when the file system cannot be watched
	 */
	static ChangeWatcher start(List<Path> roots, Duration debounce, @Nullable Duration pollInterval,
			ChangeHandler handler) throws IOException {
		return (pollInterval != null) ? new PollingChangeWatcher(roots, pollInterval, handler)
				: new NativeChangeWatcher(roots, debounce, handler);
	}

	/**
	 * Whether the watcher is still running: {@code false} after {@link #close()} or when it died.
	 * @return whether changes are still seen
	 */
	boolean isRunning();

	/**
	 * Stop watching and end the thread.
	 */
	@Override
	void close();

}
