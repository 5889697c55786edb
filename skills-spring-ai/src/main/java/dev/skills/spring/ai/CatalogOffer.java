package dev.skills.spring.ai;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import dev.skills.core.SkillMeta;
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
		String section = section(snapshot);
		if (section != null) {
			request.appendToSystem(section);
		}
		request.tools().addAll(this.tools.toolSet(snapshot).all());
	}

	// Null when no skill is listed: no catalog at all.
	private @Nullable String section(SkillsSnapshot snapshot) {
		Section current = this.section.get();
		if (current == null || current.generation() != snapshot.generation()) {
			List<SkillMeta> listed = this.tools.offer().listed(snapshot);
			current = new Section(snapshot.generation(),
					listed.isEmpty() ? null : SkillPrompts.catalogSection(SkillPrompts.catalog(listed)));
			this.section.set(current);
		}
		return current.text();
	}

	private record Section(long generation, @Nullable String text) {
	}

}
