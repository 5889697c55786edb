package dev.skills.spring.ai.activation;

import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Takes a skill that disappeared from the registry out of every conversation's active
 * skills, so that the store, and whatever lists it, never names a skill that no longer
 * exists. Register it with the registry ({@code addListener}): it is told on the
 * registry's listener thread, so a store that takes seconds to delete holds back neither
 * a reload nor another listener. A delete that fails is logged; the others go on.
 */
public final class RemovedSkillsDeactivator implements SkillsListener {

	private static final Log logger = LogFactory.getLog(RemovedSkillsDeactivator.class);

	private final ActiveSkillsRepository activeSkills;

	/**
	 * Deactivate removed skills in a store.
	 * @param activeSkills the store of active skills
	 */
	public RemovedSkillsDeactivator(ActiveSkillsRepository activeSkills) {
		this.activeSkills = activeSkills;
	}

	@Override
	public void onChange(SkillsChange change) {
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

}
