package dev.skills.spring.ai;

import java.util.List;
import java.util.Map;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * {@code search_skills(query)}: the skills best matching a few keywords, best first, each
 * as its catalog line. Offered only when the catalog lists some skills and not others.
 */
final class SearchSkillsTool extends SkillToolCallback {

	/** The name of the search tool. */
	static final String NAME = "search_skills";

	private static final String DESCRIPTION = "Find skills that <available_skills> does not list: give a few "
			+ "keywords of the task. Returns the best matches, best first, in the same form; then call activate_skill "
			+ "with the skill's name.";

	// The longest answer, in characters.
	static final int MAX_ANSWER = 20_000;

	private final SkillCatalog catalog;

	private final SkillsRegistry registry;

	private final SkillOffer offer;

	SearchSkillsTool(SkillCatalog catalog, SkillsRegistry registry, SkillOffer offer) {
		super(definition());
		this.catalog = catalog;
		this.registry = registry;
		this.offer = offer;
	}

	@Override
	String run(String toolInput, Map<String, Object> context) {
		String query;
		try {
			query = ToolArguments.text(toolInput, "query");
		}
		catch (IllegalArgumentException ex) {
			return "Error: " + ex.getMessage() + ". Call search_skills with {\"query\": \"<keywords>\"}.";
		}
		if (query == null) {
			return "Error: query is required: a few keywords of the task, for example {\"query\": \"fill pdf form\"}.";
		}
		List<SkillMeta> found = this.catalog.search(SkillsToolContext.snapshot(context, this.registry), this.offer,
				query);
		if (found.isEmpty()) {
			return "No skill matches these keywords. Try other words, or go on without a skill.";
		}
		return answer(found);
	}

	// Shortened entries, as in a partial catalog, within MAX_ANSWER characters; an entry
	// that does not fit is counted, not cut.
	private static String answer(List<SkillMeta> found) {
		StringBuilder out = new StringBuilder();
		int left = 0;
		for (SkillMeta meta : found) {
			String entry = SkillPrompts.catalogEntry(meta, true);
			if (out.length() + entry.length() + 1 > MAX_ANSWER) {
				left++;
				continue;
			}
			out.append((out.length() > 0) ? "\n" : "").append(entry);
		}
		if (left > 0) {
			out.append((out.length() > 0) ? "\n" : "")
				.append("(")
				.append(left)
				.append(" more matches not shown: use more specific keywords.)");
		}
		return out.toString();
	}

	private static ToolDefinition definition() {
		ObjectNode schema = SkillToolDefinitions.objectSchema();
		schema.putObject("properties")
			.putObject("query")
			.put("type", "string")
			.put("description", "A few keywords of the task, for example: fill pdf form.");
		schema.putArray("required").add("query");
		return ToolDefinition.builder()
			.name(NAME)
			.description(DESCRIPTION)
			.inputSchema(ToolArguments.JSON.writeValueAsString(schema))
			.build();
	}

}
