package dev.skills.spring.ai.tool.scope;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import dev.skills.core.SkillMeta;
import dev.skills.spring.ai.tool.SkillToolDefinitions;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * Narrows a pool of tools to what a call may use: first by the caller's choice, then by
 * the active skills' {@code allowed-tools} and {@code disallowed-tools}. The skill tools
 * themselves ({@code activate_skill}, {@code read_skill_resource}, {@code search_skills},
 * {@code run_skill_script}) always stay; a skill may forbid one for itself only
 * ({@link #forbiddenBy}).
 */
public final class ToolScope {

	private ToolScope() {
	}

	/**
	 * Scope a pool of tools.
	 * @param pool the tools available
	 * @param useTools which of them the call wants; {@code null} for none (the skill
	 * tools stay)
	 * @param skills the active skills
	 * @return the tools the call may use, in pool order
	 */
	public static List<ToolCallback> scope(List<ToolCallback> pool, @Nullable UseTools useTools,
			Collection<SkillMeta> skills) {
		UseTools use = (useTools != null) ? useTools : UseTools.none();
		List<ToolCallback> scoped = new ArrayList<>();
		for (ToolCallback tool : pool) {
			String name = tool.getToolDefinition().name();
			if (SkillToolDefinitions.isSkillTool(name) || (use.includes(name) && ToolRules.allows(skills, name))) {
				scoped.add(tool);
			}
		}
		return scoped;
	}

	/**
	 * Whether a skill's own {@code disallowed-tools} names a tool. A skill tool is never
	 * removed by other skills' lists, but a skill may refuse it for itself: a skill
	 * listing {@code run_skill_script} there never has its scripts run.
	 * @param skill the skill
	 * @param toolName the tool
	 * @return {@code true} when an entry names the tool
	 */
	public static boolean forbiddenBy(SkillMeta skill, String toolName) {
		return skill.disallowedTools().stream().anyMatch((entry) -> ToolRules.matches(entry, toolName));
	}

}
