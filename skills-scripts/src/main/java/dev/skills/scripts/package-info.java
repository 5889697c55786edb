/**
 * Running a skill's scripts: which files run
 * ({@link dev.skills.scripts.ScriptInterpreters}) and the approval of each call
 * ({@link dev.skills.scripts.SkillScriptApprover}); the sandbox is in
 * {@code dev.skills.scripts.sandbox}.
 */
@NullMarked
package dev.skills.scripts;

import org.jspecify.annotations.NullMarked;
