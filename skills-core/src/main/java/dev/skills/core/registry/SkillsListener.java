package dev.skills.core.registry;

/**
 * Told after the registry swapped in a snapshot that differs from the last one. Called on
 * the thread that applied the change; an exception is logged and does not stop other
 * listeners.
 */
@FunctionalInterface
public interface SkillsListener {

	/**
	 * React to a change.
	 * @param change what was added, changed and removed
	 */
	void onChange(SkillsChange change);

}
