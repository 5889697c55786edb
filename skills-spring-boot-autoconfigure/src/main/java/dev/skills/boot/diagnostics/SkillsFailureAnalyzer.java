package dev.skills.boot.diagnostics;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains the start-up failures about skills that Boot's own analyzers do not: an
 * unknown {@code skills.mode} and skills that fail validation. (A value that cannot work
 * is an {@code InvalidConfigurationPropertyValueException}, which Boot explains with our
 * reason.) Ordered first so that an unknown {@code skills.mode} is explained in the
 * user's spelling ({@code on-demand}) rather than by Boot's list of enum constants.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class SkillsFailureAnalyzer implements FailureAnalyzer {

	private static final String MODE = "skills.mode";

	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof BindException bind && bind.getName().toString().equals(MODE)) {
				ConfigurationProperty property = bind.getProperty();
				Object value = (property != null) ? property.getValue() : null;
				return new FailureAnalysis(
						"Invalid value '" + value + "' for property '" + MODE + "': use on-demand or session",
						"Set skills.mode to on-demand (a catalog and the activate_skill tool) or session (one skill "
								+ "per call, named by the request context key in skills.preload-from).",
						bind);
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
