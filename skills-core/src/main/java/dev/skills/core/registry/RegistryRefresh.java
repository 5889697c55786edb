package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.parse.SkillFileLookup;
import dev.skills.core.internal.parse.SkillFileLookup.SkillFile;
import dev.skills.core.internal.resource.SkillSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The only writer of the registry's snapshot: full rescans of every location, incremental
 * refreshes of the skill folders that changed, and the commit that swaps the snapshot and
 * tells the listeners. Edits are serialised; readers only ever see whole snapshots.
 */
final class RegistryRefresh {

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	// More changed paths than this in one location are applied by scanning the location
	// again.
	static final int COALESCE_ABOVE = 32;

	private final LocationScanner scanner;

	private final List<SkillsListener> listeners = new CopyOnWriteArrayList<>();

	private volatile SkillsSnapshot snapshot = SkillsSnapshot.empty();

	private volatile List<Location> locations = List.of();

	// The watcher's standing warnings (a location polled, a watch limit reached), kept
	// among the
	// location warnings across rescans.
	private List<SkillDiagnostic> watcherDiagnostics = List.of();

	RegistryRefresh(LocationScanner scanner) {
		this.scanner = scanner;
	}

	SkillsSnapshot snapshot() {
		return this.snapshot;
	}

	List<Location> locations() {
		return this.locations;
	}

	List<SkillsListener> listeners() {
		return this.listeners;
	}

	/**
	 * Replace the locations and scan them all.
	 * @param specs the configured locations, in precedence order
	 * @return what changed
	 */
	synchronized SkillsChange relocate(List<String> specs) {
		List<Location> parsed = new ArrayList<>();
		for (String spec : specs) {
			parsed.add(Location.of(parsed.size(), spec));
		}
		this.locations = List.copyOf(parsed);
		return rescan();
	}

	/**
	 * Scan every location again; skills whose {@code SKILL.md} did not change are kept as
	 * read.
	 * @return what changed
	 */
	synchronized SkillsChange rescan() {
		long start = System.nanoTime();
		SnapshotEditor editor = this.snapshot.edit();
		rescan(editor, this.snapshot, this.locations);
		return commit(editor, start);
	}

	// Scan these locations again into the edit, keeping what the other locations hold.
	private void rescan(SnapshotEditor editor, SkillsSnapshot current, Collection<Location> scanned) {
		List<SkillDiagnostic> locationDiagnostics = new ArrayList<>();
		Set<String> seen = new HashSet<>();
		for (Location location : this.locations) {
			if (!scanned.contains(location)) {
				KeptLocation.keep(location, current, this.watcherDiagnostics, seen, locationDiagnostics);
				continue;
			}
			List<SkillSource> sources = this.scanner.scan(location, locationDiagnostics);
			for (int i = 0; i < sources.size(); i++) {
				SkillSource source = sources.get(i);
				int order = (location.folder() != null) ? 0 : i;
				if (seen.add(source.baseDirectory())) {
					SkillEntry previous = current.entryAt(source.baseDirectory());
					boolean unchanged = previous != null && previous.locationIndex() == location.index()
							&& previous.order() == order && previous.source().location().equals(source.location())
							&& previous.source().builtin() == source.builtin()
							&& previous.fingerprint().equals(source.fingerprint());
					if (!unchanged) {
						editor.put(this.scanner.read(source, location.index(), order, previous));
					}
					else {
						relistIfChanged(editor, previous);
					}
				}
			}
		}
		// Whatever this edit put was seen: only the folders the scan started from can be
		// gone.
		current.entryMap().forEach((directory, entry) -> {
			if (!seen.contains(directory)) {
				editor.remove(directory);
			}
		});
		locationDiagnostics.addAll(this.watcherDiagnostics);
		editor.locationDiagnostics(locationDiagnostics);
	}

	/**
	 * Replace the watcher's warnings among the location warnings.
	 * @param diagnostics every current warning of the watcher
	 */
	synchronized void watcherDiagnostics(List<SkillDiagnostic> diagnostics) {
		long start = System.nanoTime();
		List<SkillDiagnostic> previous = this.watcherDiagnostics;
		this.watcherDiagnostics = List.copyOf(diagnostics);
		SnapshotEditor editor = this.snapshot.edit();
		List<SkillDiagnostic> locationDiagnostics = new ArrayList<>(editor.locationDiagnostics());
		locationDiagnostics.removeAll(previous);
		locationDiagnostics.addAll(this.watcherDiagnostics);
		editor.locationDiagnostics(locationDiagnostics);
		commit(editor, start);
	}

	/**
	 * Apply changes to files or folders inside folder locations: only the skill folders
	 * they touch are read again. A location with a burst of more than
	 * {@value #COALESCE_ABOVE} changes is scanned again whole instead (one walk costs
	 * less than hundreds of small ones, and keeps the lag behind the files bounded), and
	 * so is one where an incremental scan could reach past the location's folder limit.
	 * @param changedPaths files or folders that were created, modified or deleted
	 * @return what changed
	 */
	synchronized SkillsChange refresh(Collection<Path> changedPaths) {
		long start = System.nanoTime();
		SkillsSnapshot current = this.snapshot;
		SnapshotEditor editor = current.edit();
		Map<Location, List<Path>> byLocation = Location.group(this.locations, changedPaths);
		Set<Location> rescans = new LinkedHashSet<>();
		DirtyFolders dirty = new DirtyFolders(this.scanner, current);
		byLocation.forEach((location, paths) -> {
			if (paths.size() > COALESCE_ABOVE) {
				rescans.add(location);
				return;
			}
			for (Path path : paths) {
				if (!dirty.add(location, path)) {
					rescans.add(location);
					return;
				}
			}
		});
		if (!rescans.isEmpty()) {
			dirty.folders().values().removeIf(rescans::contains);
			rescan(editor, current, rescans);
		}
		Set<Location> late = new LinkedHashSet<>();
		dirty.folders().forEach((directory, location) -> {
			if (!reread(editor, location, directory, current.entryAt(directory), dirty.filesTouched(directory))) {
				late.add(location);
			}
		});
		SkillsChange change = commit(editor, start);
		if (late.isEmpty()) {
			return change;
		}
		// A folder that stopped being a skill opened folders past the limit: scan those
		// locations.
		SnapshotEditor next = this.snapshot.edit();
		rescan(next, this.snapshot, late);
		return commit(next, start);
	}

	// A skill whose SKILL.md is the same may bundle other files now. Only a list that was
	// handed
	// out can have changed for anyone; an unlisted one is listed fresh on first use.
	private static void relistIfChanged(SnapshotEditor editor, SkillEntry entry) {
		if (entry.filesListed() && !entry.files().equals(entry.source().files())) {
			editor.relist(entry);
		}
	}

	// Read a skill folder again; false when only a full scan of the location can tell
	// what it holds.
	private boolean reread(SnapshotEditor editor, Location location, String directory, @Nullable SkillEntry previous,
			boolean filesTouched) {
		Path folder = Path.of(directory);
		if (location.folder() != null && folder.equals(location.folder()) && previous == null) {
			editor.locationDiagnostics(locationWarnings(location, editor.locationDiagnostics()));
		}
		SkillFile skillFile = SkillFileLookup.find(folder);
		if (skillFile == null || insideAnotherSkill(location, folder)) {
			editor.remove(directory);
			if (skillFile == null && previous != null && Files.isDirectory(folder)) {
				// No longer a skill: the skills below it are found again, as a full scan
				// would.
				List<SkillSource> below = this.scanner.scanBelow(location, folder);
				if (below == null) {
					return false;
				}
				for (SkillSource source : below) {
					editor.put(this.scanner.read(source, location.index(), 0,
							this.snapshot.entryAt(source.baseDirectory())));
				}
			}
			return true;
		}
		SkillSource source = SkillSource.folder(skillFile);
		// A SKILL.md renamed to skill.md keeps its fingerprint but is another file.
		if (previous == null || !previous.source().location().equals(source.location())
				|| !previous.fingerprint().equals(source.fingerprint())) {
			editor.put(this.scanner.read(source, location.index(), 0, previous));
		}
		else if (filesTouched) {
			// Same SKILL.md, other bundled files: a change all the same (the tools
			// offered depend on it).
			relistIfChanged(editor, previous);
		}
		return true;
	}

	// Whether a folder lies inside a skill folder of the location, and so is not a skill
	// itself.
	private static boolean insideAnotherSkill(Location location, Path folder) {
		for (Path dir = folder.getParent(); dir != null && location.contains(dir); dir = dir.getParent()) {
			if (SkillFileLookup.holdsSkillFile(dir)) {
				return true;
			}
		}
		return false;
	}

	// Location warnings after a location folder appeared or vanished. Start from the
	// edit's
	// warnings, not the snapshot's: other locations may have changed in the same refresh.
	private static List<SkillDiagnostic> locationWarnings(Location changed, List<SkillDiagnostic> current) {
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		for (SkillDiagnostic diagnostic : current) {
			if (!diagnostic.file().equals(changed.folder().toString())) {
				diagnostics.add(diagnostic);
			}
		}
		if (!Files.isDirectory(changed.folder())) {
			diagnostics
				.add(SkillDiagnostic.warning(changed.folder().toString(), null, "Skill location does not exist"));
		}
		return diagnostics;
	}

	private SkillsChange commit(SnapshotEditor editor, long startNanos) {
		SkillsSnapshot current = this.snapshot;
		long generation = current.generation() + 1;
		SkillsChange change = editor.change(generation, Duration.ofNanos(System.nanoTime() - startNanos));
		if (!editor.differs(change)) {
			return new SkillsChange(Set.of(), Set.of(), Set.of(), current.generation(), Set.of(), change.duration());
		}
		SkillsSnapshot next = editor.build(generation);
		this.snapshot = next;
		logNewDiagnostics(current, next, editor.written());
		for (SkillsListener listener : this.listeners) {
			try {
				listener.onChange(change);
			}
			catch (RuntimeException ex) {
				logger.warn("A skills listener failed", ex);
			}
		}
		return change;
	}

	private static void logNewDiagnostics(SkillsSnapshot before, SkillsSnapshot after, List<SkillEntry> written) {
		if (!logger.isWarnEnabled()) {
			return;
		}
		for (SkillEntry entry : written) {
			entry.diagnostics().forEach((diagnostic) -> logger.warn(diagnostic));
		}
		if (!after.locationDiagnostics().equals(before.locationDiagnostics())) {
			after.locationDiagnostics().forEach((diagnostic) -> logger.warn(diagnostic));
		}
	}

}
