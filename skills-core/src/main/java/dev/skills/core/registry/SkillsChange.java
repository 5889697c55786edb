package dev.skills.core.registry;

import java.time.Duration;
import java.util.Set;

/**
 * What one reload changed. Sets are of skill names; a skill whose file changed but still
 * says the same is not listed.
 *
 * @param added the skills that appeared
 * @param changed the skills whose frontmatter or diagnostics changed, or whose bundled
 * files changed (as seen by the watcher or {@link SkillsRegistry#refresh})
 * @param removed the skills that disappeared
 * @param generation the generation of the snapshot that holds the change
 * @param failed the skills this reload read that could not be loaded (their folders have
 * an error diagnostic now); a skill kept at its last good version counts
 * @param duration how long the reload took
 */
public record SkillsChange(Set<String> added, Set<String> changed, Set<String> removed, long generation,
		Set<String> failed, Duration duration) {

	public SkillsChange {
		added = Set.copyOf(added);
		changed = Set.copyOf(changed);
		removed = Set.copyOf(removed);
		failed = Set.copyOf(failed);
	}

	/**
	 * Whether nothing changed.
	 * @return {@code true} when all three sets are empty
	 */
	public boolean isEmpty() {
		return this.added.isEmpty() && this.changed.isEmpty() && this.removed.isEmpty();
	}

}
