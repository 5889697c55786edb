package dev.skills.core.watch;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import dev.skills.core.resource.SkillFiles;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Watches with the JDK {@link WatchService} (inotify on Linux), registering every folder of the
 * tree and each new one as it appears. A missing root is found through its nearest existing
 * ancestor, which is watched until the root appears.
 */
final class NativeChangeWatcher implements ChangeWatcher {

	private static final Log logger = LogFactory.getLog(NativeChangeWatcher.class);

	private final WatchService service;

	private final List<Path> roots;

	private final Duration debounce;

	private final ChangeHandler handler;

	private final Map<WatchKey, Path> keys = new ConcurrentHashMap<>();

	private final Set<Path> missingRoots = ConcurrentHashMap.newKeySet();

	private final Thread thread;

	private volatile boolean running = true;

	NativeChangeWatcher(List<Path> roots, Duration debounce, ChangeHandler handler) throws IOException {
		this.service = FileSystems.getDefault().newWatchService();
		this.roots = roots.stream().map((root) -> root.toAbsolutePath().normalize()).toList();
		this.debounce = debounce;
		this.handler = handler;
		for (Path root : this.roots) {
			if (Files.isDirectory(root)) {
				registerTree(root);
			}
			else {
				this.missingRoots.add(root);
			}
		}
		watchMissingRoots(new LinkedHashSet<>());
		this.thread = new Thread(this::run, "skills-watcher");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	@Override
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

	private void run() {
		Set<Path> pending = new LinkedHashSet<>();
		boolean overflow = false;
		long firstEvent = 0;
		long lastEvent = 0;
		try {
			while (this.running) {
				WatchKey key;
				if (pending.isEmpty() && !overflow) {
					key = this.service.take();
				}
				else {
					long now = System.nanoTime();
					long quietUntil = lastEvent + this.debounce.toNanos();
					long latest = firstEvent + MAX_BATCH_DELAY.toNanos();
					long wait = Math.min(quietUntil, latest) - now;
					key = (wait > 0) ? this.service.poll(wait, TimeUnit.NANOSECONDS) : null;
				}
				if (key == null) {
					dispatch(pending, overflow);
					pending = new LinkedHashSet<>();
					overflow = false;
					continue;
				}
				if (pending.isEmpty() && !overflow) {
					firstEvent = System.nanoTime();
				}
				overflow |= collect(key, pending);
				watchMissingRoots(pending);
				lastEvent = System.nanoTime();
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

	private boolean collect(WatchKey key, Set<Path> pending) {
		Path directory = this.keys.get(key);
		boolean overflow = false;
		for (WatchEvent<?> event : key.pollEvents()) {
			if (event.kind() == StandardWatchEventKinds.OVERFLOW || directory == null) {
				overflow = true;
				continue;
			}
			Path child = directory.resolve((Path) event.context());
			pending.add(child);
			// A new node_modules or hidden folder holds no skills: watching it would only spend watches.
			if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE
					&& !SkillFiles.isSkipped(child.getFileName().toString())
					&& Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
				registerTree(child);
			}
		}
		if (!key.reset()) {
			this.keys.remove(key);
			if (directory != null && this.roots.contains(directory)) {
				// The root itself went away: report it, and wait for it to come back.
				this.missingRoots.add(directory);
				pending.add(directory);
			}
		}
		return overflow;
	}

	private void dispatch(Set<Path> pending, boolean overflow) {
		try {
			this.handler.onChange(Set.copyOf(pending), overflow);
		}
		catch (RuntimeException ex) {
			logger.warn("Applying skill changes failed", ex);
		}
	}

	// Watch the nearest existing ancestor of each missing root; register a root once it exists.
	private void watchMissingRoots(Set<Path> pending) {
		for (Path root : this.missingRoots) {
			if (Files.isDirectory(root)) {
				this.missingRoots.remove(root);
				registerTree(root);
				pending.add(root);
				continue;
			}
			Path ancestor = root.getParent();
			while (ancestor != null && !Files.isDirectory(ancestor)) {
				ancestor = ancestor.getParent();
			}
			if (ancestor != null) {
				register(ancestor);
			}
		}
	}

	private void registerTree(Path root) {
		try {
			WatchedTree.walk(root, this::register, (file) -> {
			});
		}
		catch (IOException ex) {
			logger.warn("Cannot watch " + root + " for skill changes: " + ex.getMessage());
		}
	}

	private void register(Path directory) {
		try {
			WatchKey key = directory.register(this.service, StandardWatchEventKinds.ENTRY_CREATE,
					StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY);
			this.keys.put(key, directory);
		}
		catch (IOException ex) {
			logger.warn("Cannot watch " + directory + " for skill changes (" + ex.getMessage()
					+ "); set a poll interval if this file system sends no events");
		}
	}

}
