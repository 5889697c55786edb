package dev.skills.boot.diagnostics;

import java.util.List;
import java.util.stream.Collectors;

import dev.skills.core.SkillDiagnostic;

/**
 * Thrown at start-up, when {@code skills.validation.fail-on-error} is set, if any skill
 * could not be loaded.
 */
public class SkillsValidationException extends RuntimeException {

	private final List<SkillDiagnostic> errors;

	/**
	 * Create an exception.
	 * @param errors every error diagnostic
	 */
	public SkillsValidationException(List<SkillDiagnostic> errors) {
		super(errors.size() + " skill error(s):\n"
				+ errors.stream().map(SkillDiagnostic::toString).collect(Collectors.joining("\n")));
		this.errors = List.copyOf(errors);
	}

	/**
	 * The errors.
	 * @return every error diagnostic
	 */
	public List<SkillDiagnostic> getErrors() {
		return this.errors;
	}

}
