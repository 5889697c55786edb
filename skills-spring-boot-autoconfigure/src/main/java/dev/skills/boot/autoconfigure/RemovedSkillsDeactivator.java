package dev.skills.boot.autoconfigure;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Takes a skill that disappeared from the registry out of every conversation's active
 * skills, so that the store and {@code /actuator/activeskills} never list a skill that no
 * longer exists. The deletes run on a thread of their own: a store that takes seconds to
 * delete must not hold the registry's commit, which every reload waits for.
 */
final class RemovedSkillsDeactivator implements SkillsListener, AutoCloseable {

	private static final Log logger = LogFactory.getLog(RemovedSkillsDeactivator.class);

	private final ActiveSkillsRepository activeSkills;

	private final ExecutorService executor = Executors.newSingleThreadExecutor((task) -> {
		Thread thread = new Thread(task, "skills-removed-deactivator");
		thread.setDaemon(true);
		return thread;
	});

	RemovedSkillsDeactivator(ActiveSkillsRepository activeSkills) {
		this.activeSkills = activeSkills;
	}

	@Override
	public void onChange(SkillsChange change) {
		if (!change.removed().isEmpty()) {
			this.executor.execute(() -> deactivate(change));
		}
	}

	private void deactivate(SkillsChange change) {
		for (String name : change.removed()) {
			try {
				this.activeSkills.deleteBySkillName(name);
			}
			catch (RuntimeException ex) {
				logger
					.warn("Cannot take the removed skill '" + name + "' out of the active skills: " + ex.getMessage());
			}
		}
	}

	/**
	 * Stop; a delete in progress finishes its statement.
	 */
	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
