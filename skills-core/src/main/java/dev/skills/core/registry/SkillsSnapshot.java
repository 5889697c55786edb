package dev.skills.core.registry;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import org.jspecify.annotations.Nullable;

/**
 * An immutable view of every skill the registry knows, as of one generation. Readers hold
 * on to one snapshot for a whole request and so never see half a reload. Derived views
 * (the sorted names, the catalog, the diagnostics list) are built at most once per
 * snapshot, on first use.
 */
public final class SkillsSnapshot {

	private static final SkillsSnapshot EMPTY = new SkillsSnapshot(0, Instant.EPOCH, SnapshotMap.empty(),
			SnapshotMap.empty(), SnapshotMap.empty(), List.of());

	private final long generation;

	private final Instant createdAt;

	// The next snapshot shares these maps but for the changed entries.

	// Every skill folder, loaded or not, by folder.
	private final SnapshotMap<String, SkillEntry> entries;

	// The winning entry of each name.
	private final SnapshotMap<String, SkillEntry> winners;

	// The losers of each contested name, best first: usually empty.
	private final SnapshotMap<String, List<SkillEntry>> shadowed;

	private final List<SkillDiagnostic> locationDiagnostics;

	private volatile @Nullable List<SkillMeta> ordered;

	private volatile @Nullable List<String> names;

	private volatile @Nullable String catalog;

	private volatile @Nullable List<SkillDiagnostic> diagnostics;

	SkillsSnapshot(long generation, Instant createdAt, SnapshotMap<String, SkillEntry> entries,
			SnapshotMap<String, SkillEntry> winners, SnapshotMap<String, List<SkillEntry>> shadowed,
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
			result = this.winners.keys().stream().sorted().toList();
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
	 * Every diagnostic: the locations', each skill folder's, and one "shadowed by"
	 * warning per skill that lost a name clash.
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

	SnapshotMap<String, SkillEntry> entryMap() {
		return this.entries;
	}

	SnapshotMap<String, SkillEntry> winnerMap() {
		return this.winners;
	}

	SnapshotMap<String, List<SkillEntry>> shadowedMap() {
		return this.shadowed;
	}

	@Nullable SkillEntry entry(String name) {
		return this.winners.get(name);
	}

	@Nullable SkillEntry entryAt(String directory) {
		return this.entries.get(directory);
	}

	/**
	 * Visit every skill folder's entry, loaded or not, in no particular order.
	 * @param action the visitor
	 */
	void forEachEntry(Consumer<SkillEntry> action) {
		this.entries.forEach((directory, entry) -> action.accept(entry));
	}

	List<SkillDiagnostic> locationDiagnostics() {
		return this.locationDiagnostics;
	}

	/**
	 * Start an edit of this snapshot. Only the names an edit touches are recomputed, so
	 * one changed skill costs the same with ten skills or ten thousand.
	 * @return an editor
	 */
	SnapshotEditor edit() {
		return new SnapshotEditor(this);
	}

}
