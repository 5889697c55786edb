package dev.skills.spring.ai.tool;

import java.util.ArrayList;
import java.util.List;

import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * The skill tools as a {@link ToolCallbackProvider} that always reflects the registry's
 * current snapshot: no tools without skills, no {@code read_skill_resource} when no skill
 * bundles files. An MCP server starter exports these as MCP tools. The catalog's budget
 * decides as it does for a request: while the whole catalog fits, {@code skill_name}
 * lists every skill in an {@code enum}; once it does not, {@code skill_name} takes any
 * name and {@code search_skills} finds the skills, so that thousands of names never reach
 * a client's tool list.
 */
public final class SkillsToolCallbackProvider implements ToolCallbackProvider {

	private final SkillsTools tools;

	private final SkillCatalog catalog;

	private final ToolCallback searchSkills;

	/**
	 * Create a provider.
	 * @param tools the skill tools
	 * @param catalog the catalog whose budget decides between listing every name and
	 * offering {@code search_skills}
	 */
	public SkillsToolCallbackProvider(SkillsTools tools, SkillCatalog catalog) {
		this.tools = tools;
		this.catalog = catalog;
		this.searchSkills = tools.searchTool(catalog);
	}

	@Override
	public ToolCallback[] getToolCallbacks() {
		SkillsSnapshot snapshot = this.tools.snapshot(null);
		if (this.catalog.fits(snapshot, this.tools.offer())) {
			return this.tools.toolSet(snapshot, null).all().toArray(ToolCallback[]::new);
		}
		List<ToolCallback> callbacks = new ArrayList<>(this.tools.toolSet(snapshot, this.catalog).all());
		callbacks.add(this.searchSkills);
		return callbacks.toArray(ToolCallback[]::new);
	}

}
