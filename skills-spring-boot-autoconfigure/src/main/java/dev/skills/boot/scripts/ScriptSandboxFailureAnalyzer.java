package dev.skills.boot.scripts;

import dev.skills.scripts.sandbox.SandboxUnavailableException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains a start-up that failed because {@code skills.scripts.enabled} is true and the
 * script sandbox cannot isolate on this machine: why, and the three ways out (make the
 * sandbox work, plug another one, or turn scripts off). Scripts never run unsandboxed.
 */
class ScriptSandboxFailureAnalyzer implements FailureAnalyzer {

	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SandboxUnavailableException unavailable) {
				return new FailureAnalysis(
						"skills.scripts.enabled is true, but no script sandbox works here: " + unavailable.getMessage(),
						unavailable.getAction() + "; or declare a SkillScriptSandbox bean of your own (see "
								+ "docs/scripts.md), or set skills.scripts.enabled=false. Scripts never run "
								+ "without a sandbox.",
						unavailable);
			}
		}
		return null;
	}

}
