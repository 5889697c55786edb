package dev.skills.core.registry;

import java.util.Set;

/**
 * What one reload changed. Sets are of skill names; a skill whose file changed but still says
 * the same is not listed.
 *
 * @param added the skills that appeared
 * @param changed the skills whose frontmatter or diagnostics changed
 * @param removed the skills that disappeared
 * @param generation the generation of the snapshot that holds the change
 */
public record SkillsChange(Set<String> added, Set<String> changed, Set<String> removed, long generation) {

	public SkillsChange {
		added = Set.copyOf(added);
		changed = Set.copyOf(changed);
		removed = Set.copyOf(removed);
	}

	/**
	 * Whether nothing changed.
	 * @return {@code true} when all three sets are empty
	 */
	public boolean isEmpty() {
		return this.added.isEmpty() && this.changed.isEmpty() && this.removed.isEmpty();
	}

}
