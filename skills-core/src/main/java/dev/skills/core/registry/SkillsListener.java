package dev.skills.core.registry;

/**
 * Told of each change of a registry's skills. Calls come on the registry's listener
 * threads, never the thread that applied the change, so a listener may take its time: it
 * holds back neither the registry nor its other listeners. Each listener is told of the
 * changes in order, one call at a time; one that falls behind is told of the changes it
 * missed as one, carrying the newest snapshot. An exception is logged and does not stop
 * later calls.
 */
@FunctionalInterface
public interface SkillsListener {

	/**
	 * React to a change.
	 * @param change what was added, changed and removed, and the snapshot that holds it:
	 * read the skills from there, not from the registry
	 */
	void onChange(SkillsChange change);

}
