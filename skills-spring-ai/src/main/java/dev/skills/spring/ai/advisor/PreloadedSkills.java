package dev.skills.spring.ai.advisor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.skills.core.Skill;
import dev.skills.core.internal.prompt.SkillPrompts;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Skills always given to the model ({@code skills.preload}): their instructions in the
 * system message, as {@code ### Skill: NAME — DESCRIPTION} sections, and active for tool
 * scoping.
 */
final class PreloadedSkills {

	private static final Log logger = LogFactory.getLog(PreloadedSkills.class);

	private final List<String> names;

	// Preloaded names found missing and already warned about: one warning per name, not
	// one per request. Bounded by the preload list.
	private final Set<String> missing = ConcurrentHashMap.newKeySet();

	PreloadedSkills(List<String> names) {
		this.names = List.copyOf(names);
	}

	void apply(RequestSkills request) {
		List<Skill> skills = new ArrayList<>();
		for (String name : this.names) {
			if (!request.snapshot().contains(name)) {
				if (this.missing.add(name)) {
					logger.warn("Preloaded skill '" + name + "' does not exist; it is left out until it appears");
				}
				continue;
			}
			this.missing.remove(name);
			request.load(name).ifPresent(skills::add);
		}
		if (!skills.isEmpty()) {
			request.appendToSystem(SkillPrompts.instructions(skills));
			skills.forEach((skill) -> request.activate(skill.meta()));
		}
	}

}
