package dev.skills.spring.ai;

import java.util.List;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The definitions the model sees of the skill tools: names, descriptions and JSON
 * schemas, with the skill names as an {@code enum} when the catalog lists them all.
 */
final class SkillToolDefinitions {

	private static final String ACTIVATE_DESCRIPTION = "Load the full instructions of a skill listed in "
			+ "<available_skills>. Call it as soon as a task matches a skill's description, before doing the task.";

	private static final String READ_DESCRIPTION = "Read a file bundled with a skill (a reference, script or asset "
			+ "listed in its <skill_resources>) by its path relative to the skill folder. Returns the text; nothing "
			+ "is executed.";

	private SkillToolDefinitions() {
	}

	static ToolDefinition activate(@Nullable List<String> names) {
		ObjectNode schema = objectSchema();
		ObjectNode properties = schema.putObject("properties");
		nameProperty(properties, names, "The name of the skill to activate.");
		schema.putArray("required").add("skill_name");
		return ToolDefinition.builder()
			.name(SkillsTools.ACTIVATE_SKILL)
			.description(ACTIVATE_DESCRIPTION)
			.inputSchema(ToolArguments.JSON.writeValueAsString(schema))
			.build();
	}

	static ToolDefinition read(@Nullable List<String> names) {
		ObjectNode schema = objectSchema();
		ObjectNode properties = schema.putObject("properties");
		nameProperty(properties, names, "The skill that bundles the file.");
		properties.putObject("path")
			.put("type", "string")
			.put("description", "The file's path relative to the skill folder, for example references/GUIDE.md.");
		schema.putArray("required").add("skill_name").add("path");
		return ToolDefinition.builder()
			.name(SkillsTools.READ_SKILL_RESOURCE)
			.description(READ_DESCRIPTION)
			.inputSchema(ToolArguments.JSON.writeValueAsString(schema))
			.build();
	}

	static ObjectNode objectSchema() {
		ObjectNode schema = ToolArguments.JSON.createObjectNode();
		schema.put("type", "object");
		schema.put("additionalProperties", false);
		return schema;
	}

	// No names: any string (a catalog that lists only some of thousands of skills).
	private static void nameProperty(ObjectNode properties, @Nullable List<String> names, String description) {
		ObjectNode name = properties.putObject("skill_name");
		name.put("type", "string");
		name.put("description", description);
		if (names != null) {
			ArrayNode values = name.putArray("enum");
			names.forEach(values::add);
		}
	}

}
