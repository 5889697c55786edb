package dev.skills.spring.ai.tool;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * The skill tools of one snapshot generation.
 *
 * @param generation the generation they were built for
 * @param activate {@code activate_skill}, or {@code null} without skills
 * @param read {@code read_skill_resource}, or {@code null} when no skill bundles files
 * @param run {@code run_skill_script}, or {@code null} when scripts are not enabled or no
 * skill may run one
 */
public record SkillToolSet(long generation, @Nullable ToolCallback activate, @Nullable ToolCallback read,
		@Nullable ToolCallback run) {

	/**
	 * The tools that exist.
	 * @return zero to three tools
	 */
	public List<ToolCallback> all() {
		List<ToolCallback> tools = new ArrayList<>(3);
		if (this.activate != null) {
			tools.add(this.activate);
		}
		if (this.read != null) {
			tools.add(this.read);
		}
		if (this.run != null) {
			tools.add(this.run);
		}
		return tools;
	}

}
