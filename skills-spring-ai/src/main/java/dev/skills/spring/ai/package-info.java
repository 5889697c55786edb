/**
 * Agent Skills for Spring AI: the {@code activate_skill} and {@code read_skill_resource}
 * tools, the {@link dev.skills.spring.ai.SkillsAdvisor} that offers skills to the model,
 * keeps active skills in context and scopes tools, and the
 * {@link dev.skills.spring.ai.Skills} helpers.
 */
@NullMarked
package dev.skills.spring.ai;

import org.jspecify.annotations.NullMarked;
