package dev.skills.core.registry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.prompt.SkillPrompts;
import org.jspecify.annotations.Nullable;
import org.pcollections.HashTreePMap;
import org.pcollections.PMap;

/**
 * An immutable view of every skill the registry knows, as of one generation. Readers hold on to
 * one snapshot for a whole request and so never see half a reload. Derived views (the sorted
 * names, the catalog, the diagnostics list) are built at most once per snapshot, on first use.
 */
public final class SkillsSnapshot {

	private static final SkillsSnapshot EMPTY = new SkillsSnapshot(0, Instant.EPOCH, HashTreePMap.empty(),
			HashTreePMap.empty(), HashTreePMap.empty(), List.of());

	private final long generation;

	private final Instant createdAt;

	// Persistent maps: the next snapshot shares all but the changed entries with this one.

	// Every skill folder, loaded or not, by folder.
	private final PMap<String, SkillEntry> entries;

	// The winning entry of each name.
	private final PMap<String, SkillEntry> winners;

	// The losers of each contested name, best first: usually empty.
	private final PMap<String, List<SkillEntry>> shadowed;

	private final List<SkillDiagnostic> locationDiagnostics;

	private volatile @Nullable List<SkillMeta> ordered;

	private volatile @Nullable List<String> names;

	private volatile @Nullable String catalog;

	private volatile @Nullable List<SkillDiagnostic> diagnostics;

	private SkillsSnapshot(long generation, Instant createdAt, PMap<String, SkillEntry> entries,
			PMap<String, SkillEntry> winners, PMap<String, List<SkillEntry>> shadowed,
			List<SkillDiagnostic> locationDiagnostics) {
		this.generation = generation;
		this.createdAt = createdAt;
		this.entries = entries;
		this.winners = winners;
		this.shadowed = shadowed;
		this.locationDiagnostics = locationDiagnostics;
	}

	static SkillsSnapshot empty() {
		return EMPTY;
	}

	/**
	 * The generation: 0 before the first discovery, then one higher for every change.
	 * @return the generation number
	 */
	public long generation() {
		return this.generation;
	}

	/**
	 * When this snapshot was made.
	 * @return the time of the reload that made it
	 */
	public Instant createdAt() {
		return this.createdAt;
	}

	/**
	 * The number of skills.
	 * @return how many names resolve
	 */
	public int size() {
		return this.winners.size();
	}

	/**
	 * Whether a skill of that name exists.
	 * @param name the name
	 * @return {@code true} when it resolves
	 */
	public boolean contains(String name) {
		return this.winners.containsKey(name);
	}

	/**
	 * The skill of that name.
	 * @param name the name
	 * @return the skill, or empty
	 */
	public Optional<SkillMeta> get(String name) {
		SkillEntry entry = this.winners.get(name);
		return (entry != null) ? Optional.ofNullable(entry.meta()) : Optional.empty();
	}

	/**
	 * The names, sorted.
	 * @return the names
	 */
	public List<String> names() {
		List<String> result = this.names;
		if (result == null) {
			result = this.winners.keySet().stream().sorted().toList();
			this.names = result;
		}
		return result;
	}

	/**
	 * The skills in catalog order: {@code metadata.priority} descending, then name.
	 * @return the skills
	 */
	public List<SkillMeta> skills() {
		List<SkillMeta> result = this.ordered;
		if (result == null) {
			result = this.winners.values()
				.stream()
				.map(SkillEntry::meta)
				.filter((meta) -> meta != null)
				.sorted(SkillPrompts.CATALOG_ORDER)
				.toList();
			this.ordered = result;
		}
		return result;
	}

	/**
	 * The {@code <available_skills>} catalog of these skills.
	 * @return the catalog block
	 */
	public String catalog() {
		String result = this.catalog;
		if (result == null) {
			result = SkillPrompts.catalog(skills());
			this.catalog = result;
		}
		return result;
	}

	/**
	 * Every diagnostic: the locations', each skill folder's, and one "shadowed by" warning per
	 * skill that lost a name clash.
	 * @return the diagnostics
	 */
	public List<SkillDiagnostic> diagnostics() {
		List<SkillDiagnostic> result = this.diagnostics;
		if (result == null) {
			List<SkillDiagnostic> all = new ArrayList<>(this.locationDiagnostics);
			this.entries.values()
				.stream()
				.sorted((a, b) -> a.precedes(b) ? -1 : b.precedes(a) ? 1 : 0)
				.forEach((entry) -> all.addAll(entry.diagnostics()));
			this.shadowed.forEach((name, losers) -> losers.forEach((loser) -> all.add(shadowWarning(loser))));
			result = List.copyOf(all);
			this.diagnostics = result;
		}
		return result;
	}

	private SkillDiagnostic shadowWarning(SkillEntry loser) {
		SkillEntry winner = this.winners.get(loser.meta().name());
		return SkillDiagnostic.warning(loser.source().location(), loser.meta().name(),
				"Skill '" + loser.meta().name() + "' is shadowed by " + winner.source().location());
	}

	@Nullable SkillEntry entry(String name) {
		return this.winners.get(name);
	}

	@Nullable SkillEntry entryAt(String directory) {
		return this.entries.get(directory);
	}

	Collection<SkillEntry> entries() {
		return this.entries.values();
	}

	List<SkillDiagnostic> locationDiagnostics() {
		return this.locationDiagnostics;
	}

	/**
	 * Start an edit of this snapshot. Only the names an edit touches are recomputed, so one
	 * changed skill costs the same with ten skills or ten thousand.
	 * @return an editor
	 */
	Editor edit() {
		return new Editor(this);
	}

	/**
	 * Collects the changes of one reload and makes the next snapshot.
	 */
	static final class Editor {

		private final SkillsSnapshot base;

		private PMap<String, SkillEntry> entries;

		private PMap<String, SkillEntry> winners;

		private PMap<String, List<SkillEntry>> shadowed;

		private List<SkillDiagnostic> locationDiagnostics;

		private final Set<String> touched = new HashSet<>();

		private final List<SkillEntry> written = new ArrayList<>();

		private final Set<String> filesChanged = new HashSet<>();

		private boolean modified;

		private Editor(SkillsSnapshot base) {
			this.base = base;
			this.entries = base.entries;
			this.winners = base.winners;
			this.shadowed = base.shadowed;
			this.locationDiagnostics = base.locationDiagnostics;
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
			remove(entry.key());
			this.entries = this.entries.plus(entry.key(), entry);
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
			this.entries = this.entries.minus(directory);
			this.modified |= (old != null);
			if (old != null && old.meta() != null) {
				removeCandidate(old);
			}
		}

		/**
		 * Mark a skill as changed although its entry is the same: files in its folder changed.
		 * @param entry the skill's entry
		 */
		void filesChanged(SkillEntry entry) {
			if (entry.meta() != null && this.winners.get(entry.meta().name()) == entry) {
				this.filesChanged.add(entry.meta().name());
				this.modified = true;
			}
		}

		/**
		 * The folders currently in the edit.
		 * @return the keys
		 */
		Set<String> directories() {
			return this.entries.keySet();
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
				this.winners = this.winners.plus(name, entry);
				return;
			}
			List<SkillEntry> losers = new ArrayList<>(this.shadowed.getOrDefault(name, List.of()));
			if (entry.precedes(winner)) {
				this.winners = this.winners.plus(name, entry);
				losers.add(winner);
			}
			else {
				losers.add(entry);
			}
			losers.sort((a, b) -> a.precedes(b) ? -1 : 1);
			this.shadowed = this.shadowed.plus(name, List.copyOf(losers));
		}

		private void removeCandidate(SkillEntry entry) {
			String name = entry.meta().name();
			this.touched.add(name);
			List<SkillEntry> losers = new ArrayList<>(this.shadowed.getOrDefault(name, List.of()));
			if (this.winners.get(name) == entry) {
				this.winners = losers.isEmpty() ? this.winners.minus(name) : this.winners.plus(name, losers.remove(0));
			}
			else {
				losers.remove(entry);
			}
			this.shadowed = losers.isEmpty() ? this.shadowed.minus(name)
					: this.shadowed.plus(name, List.copyOf(losers));
		}

		/**
		 * What changed against the base snapshot: names that appeared, disappeared, or whose
		 * winning entry now says something else.
		 * @param generation the generation the change will carry
		 * @param duration how long the reload took
		 * @return the change
		 */
		SkillsChange change(long generation, Duration duration) {
			Set<String> added = new HashSet<>();
			Set<String> changed = new HashSet<>();
			Set<String> removed = new HashSet<>();
			for (String name : this.touched) {
				SkillEntry before = this.base.winners.get(name);
				SkillEntry after = this.winners.get(name);
				if (before == null && after != null) {
					added.add(name);
				}
				else if (before != null && after == null) {
					removed.add(name);
				}
				else if (before != null && (!before.meta().equals(after.meta())
						|| !before.diagnostics().equals(after.diagnostics()))) {
					changed.add(name);
				}
			}
			for (String name : this.filesChanged) {
				if (this.winners.containsKey(name) && !added.contains(name)) {
					changed.add(name);
				}
			}
			Set<String> failed = new HashSet<>();
			for (SkillEntry entry : this.written) {
				if (entry.diagnostics().stream().anyMatch(SkillDiagnostic::isError)) {
					failed.add((entry.meta() != null) ? entry.meta().name() : entry.source().directoryName());
				}
			}
			return new SkillsChange(added, changed, removed, generation, failed, duration);
		}

		/**
		 * Whether anything differs from the base snapshot.
		 * @param change the change computed by {@link #change(long, Duration)}
		 * @return {@code true} when a new snapshot is needed
		 */
		boolean differs(SkillsChange change) {
			return this.modified || !change.isEmpty()
					|| !this.locationDiagnostics.equals(this.base.locationDiagnostics);
		}

		/**
		 * Make the new snapshot.
		 * @param generation its generation
		 * @return the snapshot
		 */
		SkillsSnapshot build(long generation) {
			return new SkillsSnapshot(generation, Instant.now(), this.entries, this.winners, this.shadowed,
					this.locationDiagnostics);
		}

	}

}
