package dev.skills.spring.ai;

import java.util.ArrayList;
import java.util.List;

import dev.skills.core.Skill;
import dev.skills.core.prompt.SkillPrompts;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Skills always given to the model ({@code skills.preload}): their instructions in the system
 * message, as {@code ### Skill: NAME — DESCRIPTION} sections, and active for tool scoping.
 */
final class PreloadedSkills {

	private static final Log logger = LogFactory.getLog(SkillsAdvisor.class);

	private final List<String> names;

	PreloadedSkills(List<String> names) {
		this.names = List.copyOf(names);
	}

	void apply(RequestSkills request) {
		List<Skill> skills = new ArrayList<>();
		for (String name : this.names) {
			if (request.snapshot().contains(name)) {
				request.load(name).ifPresent(skills::add);
			}
			else {
				logger.warn("Preloaded skill '" + name + "' does not exist; it is left out");
			}
		}
		if (!skills.isEmpty()) {
			request.appendToSystem(SkillPrompts.instructions(skills));
			skills.forEach((skill) -> request.activate(skill.meta()));
		}
	}

}
