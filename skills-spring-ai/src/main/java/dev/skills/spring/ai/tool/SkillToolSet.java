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
 */
public record SkillToolSet(long generation, @Nullable ToolCallback activate, @Nullable ToolCallback read) {

	/**
	 * The tools that exist.
	 * @return zero, one or two tools
	 */
	public List<ToolCallback> all() {
		List<ToolCallback> tools = new ArrayList<>(2);
		if (this.activate != null) {
			tools.add(this.activate);
		}
		if (this.read != null) {
			tools.add(this.read);
		}
		return tools;
	}

}
