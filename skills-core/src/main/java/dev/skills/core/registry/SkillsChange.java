package dev.skills.core.registry;

import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

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
	 * Whether nothing changed.
	 * @return {@code true} when all three sets are empty
	 */
	public boolean isEmpty() {
		return this.added.isEmpty() && this.changed.isEmpty() && this.removed.isEmpty();
	}

}
