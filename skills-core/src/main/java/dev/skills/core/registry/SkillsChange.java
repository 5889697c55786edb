package dev.skills.core.registry;

import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;
import org.jspecify.annotations.Nullable;

/**
 * What one reload changed. Sets are of skill names; a skill whose bundled files were only
 * edited is not listed.
 *
 * @param added the skills that appeared
 * @param changed the skills whose {@code SKILL.md} was rewritten (frontmatter, body or
 * diagnostics), or whose list of bundled files changed (as seen by the watcher or
 * {@link SkillsRegistry#refresh})
 * @param removed the skills that disappeared
 * @param generation the generation of the snapshot that holds the change
 * @param failed the skills this reload read that could not be loaded (their folders have
 * an error diagnostic now); a skill kept at its last good version counts
 * @param duration how long the reload took
 */
public record SkillsChange(Set<String> added, Set<String> changed, Set<String> removed, long generation,
		Set<String> failed, Duration duration) {

	public SkillsChange {
		added = copy(added);
		changed = copy(changed);
		removed = copy(removed);
		failed = copy(failed);
	}

	// Not Set.copyOf: its open addressing slows down badly on names that differ only in
	// their last characters (skill-00001, skill-00002...), which a first scan adds by the
	// thousand.
	private static Set<String> copy(Set<String> names) {
		return names.isEmpty() ? Set.of() : Collections.unmodifiableSet(new HashSet<>(names));
	}

	/**
	 * What changed from one snapshot to the next: the names of the locations whose part
	 * was replaced are compared.
	 * @param before the snapshot replaced
	 * @param after the new snapshot
	 * @param written the entries read for the new snapshot
	 * @param duration how long the reload took
	 * @return the change
	 */
	static SkillsChange between(SkillsSnapshot before, SkillsSnapshot after, List<SkillEntry> written,
			Duration duration) {
		// Only the entries a replaced part does not share with the part before can have
		// changed a name.
		Set<String> touched = new HashSet<>();
		List<LocationSkills> old = before.locations();
		List<LocationSkills> now = after.locations();
		for (int i = 0; i < Math.max(old.size(), now.size()); i++) {
			LocationSkills was = (i < old.size()) ? old.get(i) : null;
			LocationSkills is = (i < now.size()) ? now.get(i) : null;
			if (was != is) {
				addDiffering(touched, was, is);
				addDiffering(touched, is, was);
			}
		}
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
			// A rewritten SKILL.md may say the same in its frontmatter and else in its
			// body.
			else if (from != null && (!from.meta().equals(to.meta()) || !from.diagnostics().equals(to.diagnostics())
					|| !from.fingerprint().equals(to.fingerprint()) || !from.listing().equals(to.listing()))) {
				changed.add(name);
			}
		}
		Set<String> failed = new HashSet<>();
		for (SkillEntry entry : written) {
			if (entry.diagnostics().stream().anyMatch(SkillDiagnostic::isError)) {
				failed.add((entry.meta() != null) ? entry.meta().name() : entry.source().directoryName());
			}
		}
		return new SkillsChange(added, changed, removed, after.generation(), failed, duration);
	}

	// The names of the entries of one part that the other does not hold as they are.
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
	 * Whether nothing changed.
	 * @return {@code true} when all three sets are empty
	 */
	public boolean isEmpty() {
		return this.added.isEmpty() && this.changed.isEmpty() && this.removed.isEmpty();
	}

}
