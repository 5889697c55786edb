package dev.skills.spring.ai;

import java.util.concurrent.atomic.AtomicReference;

import dev.skills.core.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsSnapshot;
import org.jspecify.annotations.Nullable;

/**
 * On-demand mode: the {@code <available_skills>} catalog in the system message and the skill
 * tools, both of the request's snapshot. The catalog text is built once per snapshot generation.
 */
final class CatalogOffer {

	private final SkillsTools tools;

	private final AtomicReference<@Nullable Section> section = new AtomicReference<>();

	CatalogOffer(SkillsTools tools) {
		this.tools = tools;
	}

	void apply(RequestSkills request) {
		SkillsSnapshot snapshot = request.snapshot();
		if (snapshot.size() == 0) {
			return;
		}
		request.appendToSystem(section(snapshot));
		request.tools().addAll(this.tools.toolSet(snapshot).all());
	}

	private String section(SkillsSnapshot snapshot) {
		Section current = this.section.get();
		if (current == null || current.generation() != snapshot.generation()) {
			current = new Section(snapshot.generation(), SkillPrompts.catalogSection(snapshot.catalog()));
			this.section.set(current);
		}
		return current.text();
	}

	private record Section(long generation, String text) {
	}

}
