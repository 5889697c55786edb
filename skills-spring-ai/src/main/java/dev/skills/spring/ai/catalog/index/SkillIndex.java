package dev.skills.spring.ai.catalog.index;

import java.util.Set;

import dev.skills.core.registry.SkillsSnapshot;

/**
 * A {@link SkillRetriever} that holds only what it is given: a {@link SkillIndexUpdater}
 * feeds it every change of the registry with the snapshot that holds it, so it never
 * reads the registry, subscribes to nothing and owns no thread it does not need. The
 * keyword and embedding indexes are two; one over a vector store could be a third.
 */
public interface SkillIndex extends SkillRetriever {

	/**
	 * Index at once, on the caller's thread, what is cheap to index of the skills there
	 * are, so that the index answers from its start; the updater then feeds it the same
	 * skills in full. Does nothing by default.
	 * @param snapshot the skills there are
	 */
	default void seed(SkillsSnapshot snapshot) {
	}

	/**
	 * Hold these skills as a snapshot has them: index the ones it holds, drop the others.
	 * Called by one thread at a time, in the order of the changes, never by a request: it
	 * may take its time.
	 * @param snapshot the snapshot that holds the change
	 * @param names the skills the change added, changed or removed
	 */
	void update(SkillsSnapshot snapshot, Set<String> names);

}
