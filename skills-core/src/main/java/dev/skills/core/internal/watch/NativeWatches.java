package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.files.TreeWalk;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The native watches of a {@link ChangeWatcher}: the {@link WatchedFolders} of each root
 * (of a missing root, its nearest existing ancestor) and each new folder. A root whose
 * folders cannot all be registered (inotify's per-user limit, most often) is given up,
 * with a warning, for the watcher to poll. Used by the watcher's thread only (and its
 * constructor, before the thread starts).
 */
final class NativeWatches {

	private static final Log logger = LogFactory.getLog(ChangeWatcher.class);

	private final WatchService service;

	private final List<Path> roots;

	private final SkillConfig config;

	private final ChangeHandler handler;

	// The most native watches; beyond it a root is given up as if the system had refused.
	private final int maxWatches;

	private final Map<WatchKey, Path> keys = new HashMap<>();

	private final Map<Path, Integer> watchedPerRoot = new HashMap<>();

	private final Set<Path> missingRoots = new LinkedHashSet<>();

	private final Set<Path> givenUp = new LinkedHashSet<>();

	private final Map<Path, SkillDiagnostic> warnings = new HashMap<>();

	NativeWatches(WatchService service, List<Path> roots, SkillConfig config, ChangeHandler handler, int maxWatches) {
		this.service = service;
		this.roots = roots;
		this.config = config;
		this.handler = handler;
		this.maxWatches = maxWatches;
		this.missingRoots.addAll(roots);
		watchMissingRoots(new LinkedHashSet<>());
	}

	Set<Path> givenUp() {
		return this.givenUp;
	}

	// Add the paths a key's events name to pending, and watch the folders they create;
	// whether events were lost.
	boolean collect(WatchKey key, Set<Path> pending) {
		Path directory = this.keys.get(key);
		boolean overflow = false;
		for (WatchEvent<?> event : key.pollEvents()) {
			if (event.kind() == StandardWatchEventKinds.OVERFLOW || directory == null) {
				overflow = true;
				continue;
			}
			Path child = directory.resolve((Path) event.context());
			pending.add(child);
			// Hidden folders and tool caches hold no skills: no watch is spent on them.
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
		watchMissingRoots(pending);
		return overflow;
	}

	// Register each missing root that exists; watch the nearest existing ancestor of the
	// others. Folders may appear below an ancestor before its events flow: look again
	// after each registration until nothing new appeared.
	private void watchMissingRoots(Set<Path> pending) {
		for (Path root : List.copyOf(this.missingRoots)) {
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
	// watching; give the root up when one cannot be registered.
	private void registerTree(Path start) {
		Path root = rootOf(start);
		if (root == null || this.givenUp.contains(root)) {
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
		}, (file, attributes) -> {
		});
		if (failure[0] != null) {
			this.keys.entrySet().removeIf((entry) -> {
				boolean below = entry.getValue().startsWith(root);
				if (below) {
					entry.getKey().cancel();
				}
				return below;
			});
			this.watchedPerRoot.remove(root);
			this.givenUp.add(root);
			this.warnings.put(root,
					SkillDiagnostic.warning(root.toString(), null,
							"Native file watches ran out (" + failure[0] + "); polling this location every "
									+ ChangeWatcher.FALLBACK_POLL_INTERVAL.toSeconds() + "s instead"));
			logger.warn(this.warnings.get(root));
			reportWarnings();
			return;
		}
		this.watchedPerRoot.merge(root, walked.directories(), Integer::sum);
		if (walked.limitReached() && this.warnings.putIfAbsent(root,
				SkillDiagnostic
					.warning(root.toString(), null, "Stopped watching after " + this.config.discoveryMaxDirectories()
							+ " folders (skills.discovery.max-directories): changes past them are not seen")) == null) {
			reportWarnings();
		}
	}

	// Every standing warning, in the order of the roots.
	private void reportWarnings() {
		try {
			this.handler.onDiagnostics(this.roots.stream().map(this.warnings::get).filter(Objects::nonNull).toList());
		}
		catch (RuntimeException ex) {
			logger.warn("Reporting watcher warnings failed", ex);
		}
	}

	private @Nullable Path rootOf(Path path) {
		return this.roots.stream().filter(path::startsWith).findFirst().orElse(null);
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
