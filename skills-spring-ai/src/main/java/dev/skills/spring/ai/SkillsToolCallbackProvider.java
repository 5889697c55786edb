package dev.skills.spring.ai;

import dev.skills.core.registry.SkillsRegistry;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * The skill tools as a {@link ToolCallbackProvider} that always reflects the registry's
 * current snapshot: no tools without skills, no {@code read_skill_resource} when no skill
 * bundles files. An MCP server starter exports these as MCP tools.
 */
public final class SkillsToolCallbackProvider implements ToolCallbackProvider {

	private final SkillsRegistry registry;

	private final SkillsTools tools;

	/**
	 * Create a provider.
	 * @param registry the skills
	 * @param tools the tools built from them
	 */
	public SkillsToolCallbackProvider(SkillsRegistry registry, SkillsTools tools) {
		this.registry = registry;
		this.tools = tools;
	}

	@Override
	public ToolCallback[] getToolCallbacks() {
		return this.tools.toolSet(this.registry.snapshot()).all().toArray(ToolCallback[]::new);
	}

}
