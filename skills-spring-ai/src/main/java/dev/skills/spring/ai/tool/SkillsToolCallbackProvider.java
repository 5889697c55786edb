package dev.skills.spring.ai.tool;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.metadata.ToolMetadata;

/**
 * The skill tools as a {@link ToolCallbackProvider} that always reflects the registry's
 * current snapshot: no tools without skills, no {@code read_skill_resource} when no skill
 * bundles files. An MCP server starter exports these as MCP tools. The catalog's budget
 * decides as it does for a request: while the whole catalog fits, {@code skill_name}
 * lists every skill in an {@code enum}; once it does not, {@code skill_name} takes any
 * name and {@code search_skills} finds the skills, so that thousands of names never reach
 * a client's tool list.
 * <p>
 * Its tools see the default skill set; {@link #inSet(String)} gives the same tools within
 * one set, whose calls see only that set whoever calls them.
 */
public final class SkillsToolCallbackProvider implements ToolCallbackProvider {

	private final SkillsTools tools;

	private final SkillCatalog catalog;

	private final ToolCallback searchSkills;

	private final @Nullable String set;

	/**
	 * Create a provider whose tools see the default set.
	 * @param tools the skill tools
	 * @param catalog the catalog whose budget decides between listing every name and
	 * offering {@code search_skills}
	 */
	public SkillsToolCallbackProvider(SkillsTools tools, SkillCatalog catalog) {
		this(tools, catalog, null);
	}

	private SkillsToolCallbackProvider(SkillsTools tools, SkillCatalog catalog, @Nullable String set) {
		this.tools = tools;
		this.catalog = catalog;
		this.searchSkills = tools.searchTool(catalog);
		this.set = set;
	}

	/**
	 * The same tools within one skill set: their definitions list its skills only, and
	 * every call sees the set's view of the current snapshot, so a skill outside it
	 * answers as a skill that does not exist.
	 * @param set the set's name
	 * @return a provider of the set's tools
	 */
	public SkillsToolCallbackProvider inSet(String set) {
		return new SkillsToolCallbackProvider(this.tools, this.catalog, set);
	}

	@Override
	public ToolCallback[] getToolCallbacks() {
		SkillsSnapshot snapshot = this.tools.snapshot(this.set);
		List<ToolCallback> callbacks;
		if (this.catalog.fits(snapshot, this.tools.offer())) {
			callbacks = this.tools.toolSet(snapshot, null).all();
		}
		else {
			callbacks = new ArrayList<>(this.tools.toolSet(snapshot, this.catalog).all());
			callbacks.add(this.searchSkills);
		}
		if (this.set == null) {
			return callbacks.toArray(ToolCallback[]::new);
		}
		String set = this.set;
		return callbacks.stream()
			.map((callback) -> new InSet(callback, set, () -> this.tools.snapshot(set)))
			.toArray(ToolCallback[]::new);
	}

	// A tool call seen through one set: the call's snapshot is the set's view, which
	// the tools read before falling back to the default set's.
	private record InSet(ToolCallback tool, String set, Supplier<SkillsSnapshot> view) implements ToolCallback {

		@Override
		public ToolDefinition getToolDefinition() {
			return this.tool.getToolDefinition();
		}

		@Override
		public ToolMetadata getToolMetadata() {
			return this.tool.getToolMetadata();
		}

		@Override
		public String call(String toolInput) {
			return call(toolInput, null);
		}

		@Override
		public String call(String toolInput, @Nullable ToolContext toolContext) {
			Map<String, Object> context = new HashMap<>((toolContext != null) ? toolContext.getContext() : Map.of());
			context.put(SkillsToolContext.SNAPSHOT, this.view.get());
			context.put(SkillsToolContext.SKILL_SET, this.set);
			return this.tool.call(toolInput, new ToolContext(context));
		}

	}

}
