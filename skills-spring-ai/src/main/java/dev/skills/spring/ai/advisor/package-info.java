/**
 * The {@link dev.skills.spring.ai.advisor.SkillsAdvisor} and its steps, each given what
 * it needs by the advisor's builder: session pinning, re-injection of active skills, the
 * catalog offer, preloaded skills; tool scoping, the last step, lives with the tools
 * ({@code tool.scope}).
 */
@NullMarked
package dev.skills.spring.ai.advisor;

import org.jspecify.annotations.NullMarked;
