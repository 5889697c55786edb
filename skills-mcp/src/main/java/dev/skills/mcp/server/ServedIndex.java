package dev.skills.mcp.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillMeta;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code skill://index.json} a server publishes: the Agent Skills discovery index
 * (schema 0.2.0), one {@code skill-md} entry per skill with its name, description and the
 * URI of its {@code SKILL.md}. SEP-2640 leaves the {@code digest} out of this index: the
 * files' own listings carry theirs.
 */
final class ServedIndex {

	/** The schema the index declares. */
	static final String SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";

	private static final JsonMapper json = JsonMapper.builder().build();

	private ServedIndex() {
	}

	/**
	 * The index of some skills.
	 * @param skills the skills served, in catalog order
	 * @return the JSON text
	 */
	static String text(List<SkillMeta> skills) {
		Map<String, Object> index = new LinkedHashMap<>();
		index.put("$schema", SCHEMA);
		index.put("skills", skills.stream().map(ServedIndex::entry).toList());
		return json.writeValueAsString(index);
	}

	private static Map<String, Object> entry(SkillMeta skill) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("name", skill.name());
		entry.put("type", "skill-md");
		entry.put("description", skill.description());
		entry.put("url", SkillUris.skillFile(skill.name()));
		return entry;
	}

}
