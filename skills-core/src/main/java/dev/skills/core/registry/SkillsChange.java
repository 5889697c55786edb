package dev.skills.core.registry;

import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;
import org.jspecify.annotations.Nullable;

/**
 * What one reload changed, with the snapshot it produced: a listener reads the skills as
 * they are after the change from {@link #snapshot()}, never from the registry, which may
 * be newer already. Sets are of skill names; a skill whose bundled files were only edited
 * is not listed. A listener that fell behind gets several reloads as one change (see
 * {@link SkillsListener}).
 *
 * @param added the skills that appeared
 * @param changed the skills whose {@code SKILL.md} was rewritten, or whose list of
 * bundled files changed
 * @param removed the skills that disappeared
 * @param snapshot the snapshot that holds the change
 * @param failed the skills this reload read that could not be loaded (their folders have
 * an error diagnostic now); a skill kept at its last good version counts
 * @param duration how long the reload took
 */
public record SkillsChange(Set<String> added, Set<String> changed, Set<String> removed, SkillsSnapshot snapshot,
		Set<String> failed, Duration duration) {

	public SkillsChange {
		added = copy(added);
		changed = copy(changed);
		removed = copy(removed);
		failed = copy(failed);
	}

	// Not Set.copyOf: its open addressing slows down badly on names that differ only in
	// their last characters (skill-00001, skill-00002...).
	private static Set<String> copy(Set<String> names) {
		return names.isEmpty() ? Set.of() : Collections.unmodifiableSet(new HashSet<>(names));
	}

	// Among the names that may have changed (see touch); written are the entries read.
	static SkillsChange between(SkillsSnapshot before, SkillsSnapshot after, Set<String> touched,
			List<SkillEntry> written, Duration duration) {
		Set<String> added = new HashSet<>();
		Set<String> changed = new HashSet<>();
		Set<String> removed = new HashSet<>();
		for (String name : touched) {
			SkillEntry from = before.entry(name);
			SkillEntry to = after.entry(name);
			if (from == null && to != null) {
				added.add(name);
			}
			else if (from != null && to == null) {
				removed.add(name);
			}
			// The same frontmatter may come with another body.
			else if (from != null && (!from.meta().equals(to.meta()) || !from.diagnostics().equals(to.diagnostics())
					|| !from.fingerprint().equals(to.fingerprint()) || !from.listing().equals(to.listing()))) {
				changed.add(name);
			}
		}
		Set<String> failed = new HashSet<>();
		for (SkillEntry entry : written) {
			if (entry.diagnostics().stream().anyMatch(SkillDiagnostic::isError)) {
				failed.add((entry.meta() != null) ? entry.meta().name() : entry.folder().directoryName());
			}
		}
		return new SkillsChange(added, changed, removed, after, failed, duration);
	}

	// What a listener added with the current skills is told first: every skill, added.
	static SkillsChange current(SkillsSnapshot snapshot) {
		return new SkillsChange(new HashSet<>(snapshot.names()), Set.of(), Set.of(), snapshot, Set.of(), Duration.ZERO);
	}

	// This change and a later one as one, per name from before this one to after the
	// later: added then removed is nothing, removed then added is changed.
	SkillsChange then(SkillsChange later) {
		Set<String> added = new HashSet<>();
		Set<String> changed = new HashSet<>();
		Set<String> removed = new HashSet<>();
		Set<String> names = new HashSet<>(this.added);
		names.addAll(this.changed);
		names.addAll(this.removed);
		names.addAll(later.added);
		names.addAll(later.changed);
		names.addAll(later.removed);
		for (String name : names) {
			boolean before = this.changed.contains(name) || this.removed.contains(name)
					|| (!this.added.contains(name) && !later.added.contains(name));
			boolean after = later.added.contains(name) || later.changed.contains(name)
					|| (!later.removed.contains(name) && !this.removed.contains(name));
			if (!before && after) {
				added.add(name);
			}
			else if (before && !after) {
				removed.add(name);
			}
			else if (before) {
				changed.add(name);
			}
		}
		Set<String> failed = new HashSet<>(this.failed);
		failed.removeAll(later.added);
		failed.removeAll(later.changed);
		failed.removeAll(later.removed);
		failed.addAll(later.failed);
		return new SkillsChange(added, changed, removed, later.snapshot, failed, this.duration.plus(later.duration));
	}

	// The names that may differ between two snapshots' parts, location by location.
	static Set<String> touched(List<LocationSkills> old, List<LocationSkills> now) {
		Set<String> names = new HashSet<>();
		for (int i = 0; i < Math.max(old.size(), now.size()); i++) {
			touch(names, (i < old.size()) ? old.get(i) : null, (i < now.size()) ? now.get(i) : null);
		}
		return names;
	}

	// The names of the entries one part holds and the other does not hold as they are.
	static void touch(Set<String> names, @Nullable LocationSkills was, @Nullable LocationSkills is) {
		if (was != is) {
			addDiffering(names, was, is);
			addDiffering(names, is, was);
		}
	}

	private static void addDiffering(Set<String> names, @Nullable LocationSkills part, @Nullable LocationSkills other) {
		if (part == null) {
			return;
		}
		part.entries().forEach((folder, entry) -> {
			if (entry.meta() != null && (other == null || other.entries().get(folder) != entry)) {
				names.add(entry.meta().name());
			}
		});
	}

	/**
	 * The generation of {@link #snapshot()}.
	 * @return the generation number
	 */
	public long generation() {
		return this.snapshot.generation();
	}

	/**
	 * Whether nothing changed.
	 * @return {@code true} when all three sets are empty
	 */
	public boolean isEmpty() {
		return this.added.isEmpty() && this.changed.isEmpty() && this.removed.isEmpty();
	}

}
