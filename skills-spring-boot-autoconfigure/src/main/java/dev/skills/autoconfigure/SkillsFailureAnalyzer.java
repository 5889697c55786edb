package dev.skills.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains a start-up failure caused by skills configuration: which property to set, or which
 * skills to fix.
 */
class SkillsFailureAnalyzer implements FailureAnalyzer {

	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof InvalidSkillsPropertyException invalid) {
				return new FailureAnalysis(invalid.getMessage(), invalid.getAction(), invalid);
			}
			if (cause instanceof SkillsValidationException validation) {
				return new FailureAnalysis(validation.getMessage(),
						"Fix the skills listed above (run 'skills validate' on their folders for every rule they "
								+ "break), or set skills.validation.fail-on-error=false to start without them.",
						validation);
			}
		}
		return null;
	}

}
