/**
 * Agent Skills for Spring AI, one package per concern: {@code advisor} (the
 * {@code SkillsAdvisor} and its steps), {@code tool} (the skill tools: definitions,
 * invocation, results), {@code tool.scope} (narrowing a request's other tools by the
 * active skills), {@code catalog} (the catalog within its token budget) and
 * {@code catalog.index} (what ranks skills for it), {@code activation}, {@code usage} and
 * {@code observation}. Here: {@link dev.skills.spring.ai.Skills}, for skills attached to
 * a call in code.
 */
@NullMarked
package dev.skills.spring.ai;

import org.jspecify.annotations.NullMarked;
