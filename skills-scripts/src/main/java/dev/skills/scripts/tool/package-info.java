/**
 * The runner behind the {@code run_skill_script} tool of {@code skills-spring-ai}: which
 * skills and files may run, the approval, the sandbox run, and the text the model gets
 * back.
 */
@NullMarked
package dev.skills.scripts.tool;

import org.jspecify.annotations.NullMarked;
