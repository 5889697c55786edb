/**
 * The sandbox SPI: {@link dev.skills.scripts.sandbox.SkillScriptSandbox} runs one command
 * with a skill folder read-only at {@code /skill} and a scratch {@code /work}, within
 * {@link dev.skills.scripts.sandbox.ScriptLimits}, and answers a
 * {@link dev.skills.scripts.sandbox.ScriptResult}. Nothing here runs anything on the
 * host.
 */
@NullMarked
package dev.skills.scripts.sandbox;

import org.jspecify.annotations.NullMarked;
