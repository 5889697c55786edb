package dev.skills.spring.ai.tool;

import java.util.List;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The skill tools as the model sees them: their names, descriptions and JSON schemas,
 * with the skill names as an {@code enum} when the catalog lists them all.
 */
public final class SkillToolDefinitions {

	/** The name of the activation tool. */
	public static final String ACTIVATE_SKILL = "activate_skill";

	/** The name of the file-reading tool. */
	public static final String READ_SKILL_RESOURCE = "read_skill_resource";

	/** The name of the search tool, offered when the catalog lists only some skills. */
	public static final String SEARCH_SKILLS = "search_skills";

	private static final String ACTIVATE_DESCRIPTION = "Load the full instructions of a skill listed in "
			+ "<available_skills>. Call it as soon as a task matches a skill's description, before doing the task.";

	private static final String READ_DESCRIPTION = "Read a file bundled with a skill (a reference, script or asset "
			+ "listed in its <skill_resources>) by its path relative to the skill folder. Returns the text; nothing "
			+ "is executed.";

	private static final String SEARCH_DESCRIPTION = "Find skills that <available_skills> does not list: give a few "
			+ "keywords of the task. Returns the best matches, best first, in the same form; then call activate_skill "
			+ "with the skill's name.";

	private SkillToolDefinitions() {
	}

	/**
	 * Whether a tool is one of the skill tools, which scoping never removes.
	 * @param name the tool name
	 * @return {@code true} for {@value #ACTIVATE_SKILL}, {@value #READ_SKILL_RESOURCE}
	 * and {@value #SEARCH_SKILLS}
	 */
	public static boolean isSkillTool(String name) {
		return name.equals(ACTIVATE_SKILL) || name.equals(READ_SKILL_RESOURCE) || name.equals(SEARCH_SKILLS);
	}

	/**
	 * The definition of {@value #ACTIVATE_SKILL}.
	 * @param names the skill names it takes, or {@code null} for any name (a catalog that
	 * lists only some of thousands of skills)
	 * @return the definition
	 */
	public static ToolDefinition activate(@Nullable List<String> names) {
		ObjectNode schema = objectSchema();
		ObjectNode properties = schema.putObject("properties");
		nameProperty(properties, names, "The name of the skill to activate.");
		schema.putArray("required").add("skill_name");
		return definition(ACTIVATE_SKILL, ACTIVATE_DESCRIPTION, schema);
	}

	static ToolDefinition read(@Nullable List<String> names) {
		ObjectNode schema = objectSchema();
		ObjectNode properties = schema.putObject("properties");
		nameProperty(properties, names, "The skill that bundles the file.");
		properties.putObject("path")
			.put("type", "string")
			.put("description", "The file's path relative to the skill folder, for example references/GUIDE.md.");
		schema.putArray("required").add("skill_name").add("path");
		return definition(READ_SKILL_RESOURCE, READ_DESCRIPTION, schema);
	}

	static ToolDefinition search() {
		ObjectNode schema = objectSchema();
		schema.putObject("properties")
			.putObject("query")
			.put("type", "string")
			.put("description", "A few keywords of the task, for example: fill pdf form.");
		schema.putArray("required").add("query");
		return definition(SEARCH_SKILLS, SEARCH_DESCRIPTION, schema);
	}

	private static ObjectNode objectSchema() {
		ObjectNode schema = JsonMapper.shared().createObjectNode();
		schema.put("type", "object");
		schema.put("additionalProperties", false);
		return schema;
	}

	private static ToolDefinition definition(String name, String description, ObjectNode schema) {
		return ToolDefinition.builder()
			.name(name)
			.description(description)
			.inputSchema(JsonMapper.shared().writeValueAsString(schema))
			.build();
	}

	// No names: any string.
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
