package dev.skills.core.registry;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.watch.ChangeHandler;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The only writer of a registry's snapshot. A change inside a known skill folder re-reads
 * that folder; anything else scans the location again, keeping every unchanged
 * {@code SKILL.md} by its fingerprint. It lists a skill's files when it reads the entry,
 * so readers never write. Writes are serialised; files are read on the registry's reader
 * threads, so a file that never answers cannot hold the writer, and listeners are told on
 * threads of their own ({@link ChangeDelivery}), so no listener can either.
 */
final class SkillsWriter implements ChangeHandler {

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	// More changed paths than this in one location are applied by scanning it again.
	private static final int COALESCE_ABOVE = 32;

	private final LocationScanner scanner;

	private final SkillReads skillReads;

	private final ChangeDelivery delivery;

	private volatile SkillsSnapshot snapshot;

	private volatile List<Location> locations = List.of();

	private final AtomicLong rescansAsked = new AtomicLong();

	private long rescansServed;

	private @Nullable SkillsChange lastRescan;

	// By reporter, in the order they first reported; guarded by this.
	private final Map<String, List<SkillDiagnostic>> standing = new LinkedHashMap<>();

	SkillsWriter(LocationScanner scanner, SkillReads skillReads, ChangeDelivery delivery) {
		this.scanner = scanner;
		this.skillReads = skillReads;
		this.delivery = delivery;
		this.snapshot = new SkillsSnapshot(0, Instant.EPOCH, List.of(), List.of(), skillReads);
	}

	// The watcher's changes: a lost event means only a rescan is safe.
	@Override
	public void onChange(Set<Path> changedPaths, boolean overflow) {
		if (overflow) {
			rescan();
		}
		else {
			refresh(changedPaths);
		}
	}

	@Override
	public void onDiagnostics(List<SkillDiagnostic> diagnostics) {
		standingDiagnostics("watcher", diagnostics);
	}

	SkillsSnapshot snapshot() {
		return this.snapshot;
	}

	List<Location> locations() {
		return this.locations;
	}

	// With the current skills first: then the listener sees every generation from the
	// current one on, once.
	void addListener(SkillsListener listener, boolean withCurrent) {
		synchronized (this.delivery) {
			this.delivery.add(listener, withCurrent ? SkillsChange.current(this.snapshot) : null);
		}
	}

	synchronized SkillsChange relocate(List<String> specs) {
		this.locations = IntStream.range(0, specs.size()).mapToObj((i) -> Location.of(i, specs.get(i))).toList();
		return rescanAll();
	}

	// Scan every location again; callers that ask while a rescan runs share the next one.
	SkillsChange rescan() {
		long ticket = this.rescansAsked.incrementAndGet();
		synchronized (this) {
			if (this.rescansServed >= ticket && this.lastRescan != null) {
				return this.lastRescan;
			}
			long servedUpTo = this.rescansAsked.get();
			SkillsChange change = rescanAll();
			this.rescansServed = servedUpTo;
			this.lastRescan = change;
			return change;
		}
	}

	private SkillsChange rescanAll() {
		long start = System.nanoTime();
		SkillsSnapshot current = this.snapshot;
		List<LocationSkills> parts = new ArrayList<>();
		List<SkillEntry> written = new ArrayList<>();
		for (Location location : this.locations) {
			parts.add(scan(location, current.part(location), parts, null, written));
		}
		return commit(current, parts, current.standingDiagnostics(), SkillsChange.touched(current.locations(), parts),
				written, start);
	}

	// A reporter's diagnostics stay on the snapshots until it reports again.
	synchronized void standingDiagnostics(String reporter, List<SkillDiagnostic> diagnostics) {
		if (diagnostics.isEmpty()) {
			this.standing.remove(reporter);
		}
		else {
			this.standing.put(reporter, List.copyOf(diagnostics));
		}
		List<SkillDiagnostic> all = this.standing.values().stream().flatMap(List::stream).toList();
		SkillsSnapshot current = this.snapshot;
		commit(current, current.locations(), all, Set.of(), List.of(), System.nanoTime());
	}

	synchronized SkillsChange refresh(Collection<Path> changedPaths) {
		long start = System.nanoTime();
		SkillsSnapshot current = this.snapshot;
		List<LocationSkills> parts = new ArrayList<>(current.locations());
		List<SkillEntry> written = new ArrayList<>();
		Set<String> touched = new HashSet<>();
		Location.group(this.locations, changedPaths).forEach((location, paths) -> {
			LocationSkills part = current.part(location);
			Set<String> folders = new LinkedHashSet<>();
			boolean rescan = part == null || paths.size() > COALESCE_ABOVE;
			for (int i = 0; i < paths.size() && !rescan; i++) {
				String folder = part.folderOf(paths.get(i));
				rescan = folder == null;
				if (folder != null) {
					folders.add(folder);
				}
			}
			LocationSkills updated = rescan ? null : reread(part, folders, written, touched);
			if (updated == null) {
				updated = scan(location, part, parts.subList(0, location.index()), folders, written);
				SkillsChange.touch(touched, part, updated);
			}
			parts.set(location.index(), updated);
		});
		return commit(current, parts, current.standingDiagnostics(), touched, written, start);
	}

	// Skips folders an earlier location holds; relists the touched ones (all if null).
	private LocationSkills scan(Location location, @Nullable LocationSkills previous, List<LocationSkills> earlier,
			@Nullable Set<String> touched, List<SkillEntry> written) {
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		List<LocationScanner.Found> found = this.scanner.scan(location, diagnostics);
		Set<String> seen = new HashSet<>();
		List<SkillEntry> entries = new ArrayList<>(found.size());
		List<SkillReads.Pending> pending = new ArrayList<>();
		for (int i = 0; i < found.size(); i++) {
			String folder = found.get(i).folder().baseDirectory();
			if (!seen.add(folder) || earlier.stream().anyMatch((part) -> part.entries().containsKey(folder))) {
				continue;
			}
			SkillEntry before = (previous != null) ? previous.entries().get(folder) : null;
			SkillReads.Pending read = SkillReads.Pending.of(entries.size(), found.get(i),
					(location.folder() != null) ? 0 : i, before);
			if (read.relistOnly() && touched != null && !touched.contains(folder)) {
				entries.add(before);
			}
			else {
				pending.add(read);
				entries.add(null);
			}
		}
		readInto(entries, pending, written);
		return LocationSkills.of(location, entries, diagnostics);
	}

	// Adds the names read to touched; null when a folder is no longer a skill: scan
	// instead.
	private @Nullable LocationSkills reread(LocationSkills part, Set<String> folders, List<SkillEntry> written,
			Set<String> touched) {
		List<SkillEntry> before = new ArrayList<>(folders.size());
		List<SkillReads.Pending> pending = new ArrayList<>(folders.size());
		for (String folder : folders) {
			SkillFiles.SkillFile file = SkillFiles.find(Path.of(folder));
			if (file == null) {
				return null;
			}
			SkillEntry was = part.entries().get(folder);
			pending.add(SkillReads.Pending.of(before.size(), this.scanner.found(file, was.folder().builtin()),
					was.order(), was));
			before.add(was);
		}
		List<SkillEntry> after = new ArrayList<>(Collections.nCopies(before.size(), null));
		readInto(after, pending, written);
		Stream.concat(before.stream(), after.stream())
			.map(SkillEntry::name)
			.filter(Objects::nonNull)
			.forEach(touched::add);
		return part.with(before, after);
	}

	private void readInto(List<SkillEntry> entries, List<SkillReads.Pending> pending, List<SkillEntry> written) {
		List<SkillEntry> read = this.skillReads.read(pending);
		for (int i = 0; i < pending.size(); i++) {
			entries.set(pending.get(i).at(), read.get(i));
			// A relisted folder is told about again only when the lock's verdict changed.
			if (!pending.get(i).relistOnly()
					|| !read.get(i).diagnostics().equals(pending.get(i).before().diagnostics())) {
				written.add(read.get(i));
			}
		}
	}

	private SkillsChange commit(SkillsSnapshot current, List<LocationSkills> parts,
			List<SkillDiagnostic> standingDiagnostics, Set<String> touched, List<SkillEntry> written, long startNanos) {
		Duration duration = Duration.ofNanos(System.nanoTime() - startNanos);
		SkillsSnapshot next = new SkillsSnapshot(current.generation() + 1, Instant.now(), parts, standingDiagnostics,
				this.skillReads);
		SkillsChange change = SkillsChange.between(current, next, touched, written, duration);
		if (change.isEmpty() && parts.equals(current.locations())
				&& standingDiagnostics.equals(current.standingDiagnostics())) {
			return new SkillsChange(Set.of(), Set.of(), Set.of(), current, Set.of(), duration);
		}
		// One step with the listeners' share, so that one added meanwhile with the
		// current skills is told of this generation once.
		synchronized (this.delivery) {
			this.snapshot = next;
			this.delivery.publish(change);
		}
		if (logger.isWarnEnabled()) {
			for (SkillEntry entry : written) {
				entry.diagnostics().forEach((diagnostic) -> logger.warn(diagnostic));
			}
			// Each once: a location still missing is not warned about again when another
			// location changes.
			Set<SkillDiagnostic> before = new HashSet<>(current.locationDiagnostics());
			next.locationDiagnostics()
				.stream()
				.filter((diagnostic) -> !before.contains(diagnostic))
				.forEach((diagnostic) -> logger.warn(diagnostic));
		}
		return change;
	}

}
