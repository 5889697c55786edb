/**
 * The skill tools: {@code activate_skill}, {@code read_skill_resource} and
 * {@code search_skills}, their definitions and names
 * ({@link dev.skills.spring.ai.tool.SkillToolDefinitions}), their calls through
 * {@link dev.skills.spring.ai.tool.SkillInvocationListener}s and observations, and
 * {@link dev.skills.spring.ai.tool.SkillsTools}, which builds them once per snapshot
 * generation for the advisor and a
 * {@link dev.skills.spring.ai.tool.SkillsToolCallbackProvider} to share.
 */
@NullMarked
package dev.skills.spring.ai.tool;

import org.jspecify.annotations.NullMarked;
