package dev.skills.autoconfigure;

import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;

/**
 * Takes a skill that disappeared from the registry out of every conversation's active
 * skills, so that the store and {@code /actuator/activeskills} never list a skill that no
 * longer exists.
 */
final class RemovedSkillsDeactivator implements SkillsListener {

	private final ActiveSkillsRepository activeSkills;

	RemovedSkillsDeactivator(ActiveSkillsRepository activeSkills) {
		this.activeSkills = activeSkills;
	}

	@Override
	public void onChange(SkillsChange change) {
		change.removed().forEach(this.activeSkills::deleteBySkillName);
	}

}
