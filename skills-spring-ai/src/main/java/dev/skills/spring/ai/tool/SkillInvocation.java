package dev.skills.spring.ai.tool;

import org.jspecify.annotations.Nullable;

/**
 * One call of a skill tool, as seen by {@link SkillInvocationListener}s.
 *
 * @param toolName {@code activate_skill} or {@code read_skill_resource}
 * @param skillName the skill asked for
 * @param path the file asked for ({@code read_skill_resource} only)
 * @param conversationId the conversation, when the call came through the
 * {@code SkillsAdvisor}
 */
public record SkillInvocation(String toolName, String skillName, @Nullable String path,
		@Nullable String conversationId) {

	/**
	 * A copy asking for another skill.
	 * @param skillName the skill
	 * @return the copy
	 */
	public SkillInvocation withSkillName(String skillName) {
		return new SkillInvocation(this.toolName, skillName, this.path, this.conversationId);
	}

	/**
	 * A copy asking for another file.
	 * @param path the file
	 * @return the copy
	 */
	public SkillInvocation withPath(@Nullable String path) {
		return new SkillInvocation(this.toolName, this.skillName, path, this.conversationId);
	}

}
