package dev.skills.core.registry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;

/**
 * Collects the changes of one reload and makes the next snapshot.
 */
final class SnapshotEditor {

	private final SkillsSnapshot base;

	private final SnapshotMap.Builder<String, SkillEntry> entries;

	private final SnapshotMap.Builder<String, SkillEntry> winners;

	private final SnapshotMap.Builder<String, List<SkillEntry>> shadowed;

	private List<SkillDiagnostic> locationDiagnostics;

	private final Set<String> touched = new HashSet<>();

	private final List<SkillEntry> written = new ArrayList<>();

	private final Set<String> filesChanged = new HashSet<>();

	private boolean modified;

	SnapshotEditor(SkillsSnapshot base) {
		this.base = base;
		this.entries = base.entryMap().edit();
		this.winners = base.winnerMap().edit();
		this.shadowed = base.shadowedMap().edit();
		this.locationDiagnostics = base.locationDiagnostics();
	}

	/**
	 * Replace the location diagnostics.
	 * @param diagnostics the new ones
	 */
	void locationDiagnostics(List<SkillDiagnostic> diagnostics) {
		this.locationDiagnostics = List.copyOf(diagnostics);
	}

	/**
	 * The location diagnostics as edited so far.
	 * @return the diagnostics the next snapshot will hold
	 */
	List<SkillDiagnostic> locationDiagnostics() {
		return this.locationDiagnostics;
	}

	/**
	 * Put or replace the entry of a folder.
	 * @param entry the new entry
	 */
	void put(SkillEntry entry) {
		SkillEntry old = this.entries.get(entry.key());
		if (entry.equals(old)) {
			return;
		}
		if (old != null) {
			remove(entry.key());
		}
		this.entries.put(entry.key(), entry);
		this.written.add(entry);
		this.modified = true;
		if (entry.meta() != null) {
			addCandidate(entry);
		}
	}

	/**
	 * Remove the entry of a folder, if any.
	 * @param directory the folder
	 */
	void remove(String directory) {
		SkillEntry old = this.entries.get(directory);
		this.entries.remove(directory);
		this.modified |= (old != null);
		if (old != null && old.meta() != null) {
			removeCandidate(old);
		}
	}

	/**
	 * Replace an entry by the same read with its files listed again, and report the skill
	 * as changed: the files in its folder are not the ones handed out.
	 * @param entry the skill's entry
	 */
	void relist(SkillEntry entry) {
		SkillEntry fresh = entry.relisted();
		this.entries.put(entry.key(), fresh);
		this.modified = true;
		if (entry.meta() == null) {
			return;
		}
		String name = entry.meta().name();
		if (this.winners.get(name) == entry) {
			this.winners.put(name, fresh);
			this.filesChanged.add(name);
		}
		else if (this.shadowed.containsKey(name)) {
			this.shadowed.put(name, this.shadowed.get(name).stream().map((e) -> (e == entry) ? fresh : e).toList());
		}
	}

	/**
	 * The entries this edit wrote, in order.
	 * @return the new entries
	 */
	List<SkillEntry> written() {
		return this.written;
	}

	private void addCandidate(SkillEntry entry) {
		String name = entry.meta().name();
		this.touched.add(name);
		SkillEntry winner = this.winners.get(name);
		if (winner == null) {
			this.winners.put(name, entry);
			return;
		}
		List<SkillEntry> losers = shadowedBy(name);
		if (entry.precedes(winner)) {
			this.winners.put(name, entry);
			losers.add(winner);
		}
		else {
			losers.add(entry);
		}
		losers.sort((a, b) -> a.precedes(b) ? -1 : 1);
		this.shadowed.put(name, List.copyOf(losers));
	}

	private void removeCandidate(SkillEntry entry) {
		String name = entry.meta().name();
		this.touched.add(name);
		List<SkillEntry> losers = shadowedBy(name);
		if (this.winners.get(name) == entry) {
			if (losers.isEmpty()) {
				this.winners.remove(name);
			}
			else {
				this.winners.put(name, losers.remove(0));
			}
		}
		else {
			losers.remove(entry);
		}
		if (losers.isEmpty()) {
			this.shadowed.remove(name);
		}
		else {
			this.shadowed.put(name, List.copyOf(losers));
		}
	}

	private List<SkillEntry> shadowedBy(String name) {
		List<SkillEntry> losers = this.shadowed.get(name);
		return (losers != null) ? new ArrayList<>(losers) : new ArrayList<>();
	}

	/**
	 * What changed against the base snapshot: names that appeared, disappeared, or whose
	 * winning entry now says something else or comes from a rewritten file.
	 * @param generation the generation the change will carry
	 * @param duration how long the reload took
	 * @return the change
	 */
	SkillsChange change(long generation, Duration duration) {
		Set<String> changed = new HashSet<>();
		Set<String> removed = new HashSet<>();
		if (this.base.winnerMap().size() == 0 && this.winners.size() == this.touched.size()) {
			// A first scan: every name it touched is a skill now, and new.
			return new SkillsChange(this.touched, changed, removed, generation, failed(), duration);
		}
		Set<String> added = new HashSet<>();
		for (String name : this.touched) {
			SkillEntry before = this.base.winnerMap().get(name);
			SkillEntry after = this.winners.get(name);
			if (before == null && after != null) {
				added.add(name);
			}
			else if (before != null && after == null) {
				removed.add(name);
			}
			// A rewritten SKILL.md may say the same in its frontmatter and else in its
			// body.
			else if (before != null
					&& (!before.meta().equals(after.meta()) || !before.diagnostics().equals(after.diagnostics())
							|| !before.fingerprint().equals(after.fingerprint()))) {
				changed.add(name);
			}
		}
		for (String name : this.filesChanged) {
			if (this.winners.containsKey(name) && !added.contains(name)) {
				changed.add(name);
			}
		}
		return new SkillsChange(added, changed, removed, generation, failed(), duration);
	}

	// The skills this edit read with an error.
	private Set<String> failed() {
		Set<String> failed = new HashSet<>();
		for (SkillEntry entry : this.written) {
			for (SkillDiagnostic diagnostic : entry.diagnostics()) {
				if (diagnostic.isError()) {
					failed.add((entry.meta() != null) ? entry.meta().name() : entry.source().directoryName());
					break;
				}
			}
		}
		return failed;
	}

	/**
	 * Whether anything differs from the base snapshot.
	 * @param change the change computed by {@link #change(long, Duration)}
	 * @return {@code true} when a new snapshot is needed
	 */
	boolean differs(SkillsChange change) {
		return this.modified || !change.isEmpty() || !this.locationDiagnostics.equals(this.base.locationDiagnostics());
	}

	/**
	 * Make the new snapshot.
	 * @param generation its generation
	 * @return the snapshot
	 */
	SkillsSnapshot build(long generation) {
		return new SkillsSnapshot(generation, Instant.now(), this.entries.build(), this.winners.build(),
				this.shadowed.build(), this.locationDiagnostics);
	}

}
