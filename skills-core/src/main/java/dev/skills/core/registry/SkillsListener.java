package dev.skills.core.registry;

/**
 * Told of each changed snapshot, on the thread that applied it; an exception is logged
 * and does not stop other listeners.
 */
@FunctionalInterface
public interface SkillsListener {

	/**
	 * React to a change.
	 * @param change what was added, changed and removed
	 */
	void onChange(SkillsChange change);

}
