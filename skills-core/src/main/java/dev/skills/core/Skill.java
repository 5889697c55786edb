package dev.skills.core;

import java.util.List;

/**
 * A skill with its instructions: the {@link SkillMeta}, the Markdown body of {@code SKILL.md}
 * and the files it bundles.
 *
 * @param meta what the frontmatter says
 * @param body the instructions: everything after the frontmatter, trimmed, kept as written
 * @param files the bundled files, relative to the skill folder with {@code /} separators,
 * sorted; {@code SKILL.md} itself, hidden files and tool caches are not listed
 */
public record Skill(SkillMeta meta, String body, List<String> files) {

	public Skill {
		files = List.copyOf(files);
	}

	/**
	 * Shortcut for {@code meta().name()}.
	 * @return the skill name
	 */
	public String name() {
		return this.meta.name();
	}

}
