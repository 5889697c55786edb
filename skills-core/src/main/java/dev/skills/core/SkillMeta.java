package dev.skills.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * What a skill's frontmatter says, without the body (see {@link Skill}).
 *
 * @param name the skill name (the folder name when the frontmatter has none)
 * @param description what the skill does and when to use it
 * @param license the license, if given
 * @param compatibility the environment requirements, if given
 * @param metadata the {@code metadata} map; nested values are kept as their YAML text
 * @param allowedTools the tools the skill may use: {@code null} for no restriction, an
 * empty list for no tool at all (as teff scopes tools; a file's empty
 * {@code allowed-tools} is read as {@code null}, see {@code SKILL-FORMAT})
 * @param disallowedTools the tools the skill must not use (an extension)
 * @param whenToUse the {@code when_to_use} routing hint (an extension), if given
 * @param triggers {@code metadata.triggers} split on {@code ;} or new lines
 * @param tags {@code metadata.tags} split on commas or spaces
 * @param priority {@code metadata.priority}, higher first in the catalog; 0 when absent
 * @param location where the {@code SKILL.md} is: a file path or a resource URL
 * @param baseDirectory the skill folder: a file path, or a URL ending in {@code /}
 * @param extraFields frontmatter fields outside the specification and the known
 * extensions, as text
 * @param builtin whether the skill ships inside this library
 */
public record SkillMeta(String name, String description, @Nullable String license, @Nullable String compatibility,
		Map<String, String> metadata, @Nullable List<String> allowedTools, List<String> disallowedTools,
		@Nullable String whenToUse, List<String> triggers, List<String> tags, int priority, String location,
		String baseDirectory, Map<String, String> extraFields, boolean builtin) {

	public SkillMeta {
		metadata = copy(metadata);
		allowedTools = (allowedTools != null) ? List.copyOf(allowedTools) : null;
		disallowedTools = List.copyOf(disallowedTools);
		triggers = List.copyOf(triggers);
		tags = List.copyOf(tags);
		extraFields = copy(extraFields);
	}

	/**
	 * Return a copy marked as shipped inside this library (or not).
	 * @param builtin whether the skill is built in
	 * @return the copy
	 */
	public SkillMeta withBuiltin(boolean builtin) {
		return new SkillMeta(this.name, this.description, this.license, this.compatibility, this.metadata,
				this.allowedTools, this.disallowedTools, this.whenToUse, this.triggers, this.tags, this.priority,
				this.location, this.baseDirectory, this.extraFields, builtin);
	}

	private static Map<String, String> copy(Map<String, String> map) {
		// The file's order, for display; most skills share the empty map.
		return map.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
	}

}
