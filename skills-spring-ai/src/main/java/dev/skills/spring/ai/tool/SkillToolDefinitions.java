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

	/** The name of the script tool, offered only when scripts are enabled. */
	public static final String RUN_SKILL_SCRIPT = "run_skill_script";

	private static final String ACTIVATE_DESCRIPTION = "Load the full instructions of a skill listed in "
			+ "<available_skills>. Call it as soon as a task matches a skill's description, before doing the task.";

	private static final String READ_DESCRIPTION = "Read a file bundled with a skill (a reference, script or asset "
			+ "listed in its <skill_resources>) by its path relative to the skill folder. Returns the text; nothing "
			+ "is executed.";

	private static final String SEARCH_DESCRIPTION = "Find skills that <available_skills> does not list: give a few "
			+ "keywords of the task. Returns the best matches, best first, in the same form; then call activate_skill "
			+ "with the skill's name.";

	private static final String RUN_DESCRIPTION = "Run a script bundled with a skill (listed in its "
			+ "<skill_resources>) in a sandbox: the skill folder is read-only at /skill, the working directory /work "
			+ "is empty and deleted afterwards, and there is no network. Returns the exit code, standard output and "
			+ "standard error.";

	private SkillToolDefinitions() {
	}

	/**
	 * Whether a tool is one of the skill tools, which scoping never removes.
	 * @param name the tool name
	 * @return {@code true} for {@value #ACTIVATE_SKILL}, {@value #READ_SKILL_RESOURCE},
	 * {@value #SEARCH_SKILLS} and {@value #RUN_SKILL_SCRIPT}
	 */
	public static boolean isSkillTool(String name) {
		return name.equals(ACTIVATE_SKILL) || name.equals(READ_SKILL_RESOURCE) || name.equals(SEARCH_SKILLS)
				|| name.equals(RUN_SKILL_SCRIPT);
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

	static ToolDefinition run(@Nullable List<String> names) {
		ObjectNode schema = objectSchema();
		ObjectNode properties = schema.putObject("properties");
		nameProperty(properties, names, "The skill that bundles the script.");
		properties.putObject("path")
			.put("type", "string")
			.put("description", "The script's path relative to the skill folder, for example scripts/extract.py.");
		ObjectNode args = properties.putObject("args");
		args.put("type", "array")
			.put("description", "The script's command-line arguments; paths in them are paths inside the sandbox, "
					+ "such as /work/out.txt.");
		args.putObject("items").put("type", "string");
		properties.putObject("stdin").put("type", "string").put("description", "Text for the script's standard input.");
		schema.putArray("required").add("skill_name").add("path");
		return definition(RUN_SKILL_SCRIPT, RUN_DESCRIPTION, schema);
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
