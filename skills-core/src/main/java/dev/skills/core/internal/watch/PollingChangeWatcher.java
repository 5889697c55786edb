package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Watches by comparing the modification times and sizes of folders and files at a fixed
 * interval, for file systems (NFS, some containers) that send no native events.
 */
final class PollingChangeWatcher implements ChangeWatcher {

	private static final Log logger = LogFactory.getLog(PollingChangeWatcher.class);

	private final List<Path> roots;

	private final int levels;

	private final int maxDirectories;

	private final ChangeHandler handler;

	private final ScheduledExecutorService executor;

	private Map<Path, String> state;

	private volatile boolean failed;

	PollingChangeWatcher(List<Path> roots, Duration interval, SkillConfig config, ChangeHandler handler) {
		this.roots = roots.stream().map((root) -> root.toAbsolutePath().normalize()).toList();
		this.levels = config.discoveryMaxDepth() + 1;
		this.maxDirectories = config.discoveryMaxDirectories();
		this.handler = handler;
		this.state = scan();
		this.executor = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "skills-watcher-poll");
			thread.setDaemon(true);
			return thread;
		});
		this.executor.scheduleWithFixedDelay(this::poll, interval.toMillis(), interval.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	@Override
	public boolean isRunning() {
		return !this.executor.isShutdown() && !this.failed;
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
		try {
			this.executor.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void poll() {
		try {
			Map<Path, String> current = scan();
			Set<Path> changed = new HashSet<>();
			current.forEach((path, stamp) -> {
				if (!stamp.equals(this.state.get(path))) {
					changed.add(path);
				}
			});
			this.state.keySet().stream().filter((path) -> !current.containsKey(path)).forEach(changed::add);
			this.state = current;
			if (!changed.isEmpty()) {
				this.handler.onChange(Collections.unmodifiableSet(changed), false);
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Applying skill changes failed", ex);
		}
		catch (Error ex) {
			this.failed = true;
			throw ex;
		}
	}

	private Map<Path, String> scan() {
		Map<Path, String> stamps = new HashMap<>();
		for (Path root : this.roots) {
			if (!Files.isDirectory(root)) {
				continue;
			}
			WatchedFolders.walk(root, this.levels, this.maxDirectories, (dir) -> stamps.put(dir, stamp(dir)) == null,
					(file) -> stamps.put(file, stamp(file)));
		}
		return stamps;
	}

	private static String stamp(Path path) {
		try {
			BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
			return attributes.lastModifiedTime().toMillis() + ":" + attributes.size() + ":"
					+ Objects.toString(attributes.fileKey());
		}
		catch (IOException ex) {
			return "missing";
		}
	}

}
