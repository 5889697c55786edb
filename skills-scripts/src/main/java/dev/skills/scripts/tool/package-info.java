/**
 * The {@code run_skill_script} tool: which skills and files may run, the approval, the
 * sandbox run with its observation, and the text the model gets back.
 */
@NullMarked
package dev.skills.scripts.tool;

import org.jspecify.annotations.NullMarked;
