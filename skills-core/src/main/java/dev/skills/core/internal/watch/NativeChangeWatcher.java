package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.files.TreeWalk;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Watches with the JDK {@link WatchService} (inotify on Linux), registering the folders
 * of the tree that discovery covers and each new one as it appears. A missing root is
 * found through its nearest existing ancestor, which is watched until the root appears.
 * When a folder cannot be registered (inotify's per-user limit of watches, most often),
 * its root is polled instead, with a warning, rather than silently missing changes.
 */
final class NativeChangeWatcher implements ChangeWatcher {

	private static final Log logger = LogFactory.getLog(NativeChangeWatcher.class);

	private final WatchService service;

	private final List<Path> roots;

	private final SkillConfig config;

	private final ChangeHandler handler;

	// The most native watches; beyond it a root is polled as if the system had refused.
	private final int maxWatches;

	private final Map<WatchKey, Path> keys = new ConcurrentHashMap<>();

	private final Map<Path, Integer> watchedPerRoot = new ConcurrentHashMap<>();

	private final WatchFallbacks fallbacks;

	private final Set<Path> missingRoots = ConcurrentHashMap.newKeySet();

	private final Thread thread;

	private volatile boolean running = true;

	NativeChangeWatcher(List<Path> roots, SkillConfig config, ChangeHandler handler, int maxWatches)
			throws IOException {
		this.service = FileSystems.getDefault().newWatchService();
		this.roots = roots.stream().map((root) -> root.toAbsolutePath().normalize()).toList();
		this.config = config;
		this.handler = handler;
		this.maxWatches = maxWatches;
		this.fallbacks = new WatchFallbacks(this.roots, config, handler);
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
		return this.running && this.thread.isAlive() && this.fallbacks.isRunning();
	}

	@Override
	public void close() {
		this.running = false;
		this.fallbacks.close();
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
					long quietUntil = lastEvent + this.config.watchDebounce().toNanos();
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
			// A new node_modules or hidden folder holds no skills: watching it would only
			// spend watches.
			if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE
					&& !SkillFiles.isSkipped(child.getFileName().toString())
					&& Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
				registerTree(child);
			}
		}
		if (!key.reset()) {
			this.keys.remove(key);
			Path root = (directory != null) ? rootOf(directory) : null;
			if (root != null) {
				this.watchedPerRoot.computeIfPresent(root, (r, count) -> count - 1);
			}
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
			this.handler.onChange(Collections.unmodifiableSet(new HashSet<>(pending)), overflow);
		}
		catch (RuntimeException ex) {
			logger.warn("Applying skill changes failed", ex);
		}
	}

	// Watch the nearest existing ancestor of each missing root; register a root once it
	// exists. Folders below an ancestor may be created while it is being registered,
	// before its events flow: look again after each registration until nothing new
	// appeared.
	private void watchMissingRoots(Set<Path> pending) {
		for (Path root : this.missingRoots) {
			Path watched = null;
			while (!Files.isDirectory(root)) {
				Path ancestor = root.getParent();
				while (ancestor != null && !Files.isDirectory(ancestor)) {
					ancestor = ancestor.getParent();
				}
				if (ancestor == null || ancestor.equals(watched)) {
					break;
				}
				String failure = register(ancestor);
				if (failure != null) {
					logger.warn(
							"Cannot watch " + ancestor + " for the skill location " + root + " to appear: " + failure);
					break;
				}
				watched = ancestor;
			}
			if (Files.isDirectory(root)) {
				this.missingRoots.remove(root);
				registerTree(root);
				pending.add(root);
			}
		}
	}

	// Register a folder that appeared (or a root) and the folders below it worth
	// watching.
	private void registerTree(Path start) {
		Path root = rootOf(start);
		if (root == null || this.fallbacks.isPolled(root)) {
			return;
		}
		int depth = start.equals(root) ? 0 : root.relativize(start).getNameCount();
		int levels = this.config.discoveryMaxDepth() + 1 - depth;
		int budget = Math.max(0, this.config.discoveryMaxDirectories() - this.watchedPerRoot.getOrDefault(root, 0));
		if (levels < 0) {
			return;
		}
		String[] failure = new String[1];
		TreeWalk.Result walked = WatchedFolders.walk(start, levels, budget, (directory) -> {
			failure[0] = register(directory);
			return failure[0] == null;
		}, (file) -> {
		});
		if (failure[0] != null) {
			pollInstead(root, failure[0]);
			return;
		}
		this.watchedPerRoot.merge(root, walked.directories(), Integer::sum);
		if (walked.limitReached()) {
			this.fallbacks.warnOnce(root, "Stopped watching after " + this.config.discoveryMaxDirectories()
					+ " folders (skills.discovery.max-directories): changes past them are not seen");
		}
	}

	// Stop the native watches of a root and poll it instead.
	private void pollInstead(Path root, String failure) {
		this.keys.entrySet().removeIf((entry) -> {
			boolean below = entry.getValue().startsWith(root);
			if (below) {
				entry.getKey().cancel();
			}
			return below;
		});
		this.watchedPerRoot.remove(root);
		this.fallbacks.poll(root, failure);
	}

	private @Nullable Path rootOf(Path path) {
		for (Path root : this.roots) {
			if (path.startsWith(root)) {
				return root;
			}
		}
		return null;
	}

	// Watch one folder; why it failed, or null. A folder gone meanwhile needs no watch.
	private @Nullable String register(Path directory) {
		if (this.keys.size() >= this.maxWatches) {
			return "the limit of " + this.maxWatches + " watches was reached";
		}
		try {
			WatchKey key = directory.register(this.service, StandardWatchEventKinds.ENTRY_CREATE,
					StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY);
			this.keys.put(key, directory);
			return null;
		}
		catch (NoSuchFileException | NotDirectoryException ex) {
			// Gone, or replaced by a file, since it was listed, even if it is back now:
			// its parent's watch reports what came back.
			return null;
		}
		catch (IOException ex) {
			return Files.isDirectory(directory) ? ex.getMessage() : null;
		}
	}

}
