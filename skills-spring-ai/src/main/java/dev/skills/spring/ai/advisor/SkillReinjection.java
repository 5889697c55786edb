package dev.skills.spring.ai.advisor;

import dev.skills.core.SkillMeta;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;

/**
 * Keeps a conversation's active skills in its requests: chat memory keeps only user and
 * assistant messages, and windows trim even those, so an active skill whose instructions
 * are no longer in the prompt is injected again, once, as a system message.
 */
final class SkillReinjection {

	private final ActiveSkillsRepository activeSkills;

	SkillReinjection(ActiveSkillsRepository activeSkills) {
		this.activeSkills = activeSkills;
	}

	void apply(RequestSkills request) {
		for (ActiveSkill active : this.activeSkills.findByConversationId(request.conversationId())) {
			SkillMeta meta = request.snapshot().get(active.name()).orElse(null);
			if (meta != null) {
				request.activate(meta);
				if (!request.present().contains(meta.name())) {
					request.load(meta.name()).ifPresent(request::injectUnlessPresent);
				}
			}
		}
	}

}
