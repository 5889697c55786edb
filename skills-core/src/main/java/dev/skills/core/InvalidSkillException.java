package dev.skills.core;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown when a skill that was asked for by path cannot be loaded even leniently (for
 * example its frontmatter is not YAML, or it has no description).
 */
public class InvalidSkillException extends RuntimeException {

	private final List<SkillDiagnostic> diagnostics;

	/**
	 * Create an exception carrying the diagnostics that explain it.
	 * @param diagnostics every diagnostic of the failed load, at least one an error
	 */
	public InvalidSkillException(List<SkillDiagnostic> diagnostics) {
		super(diagnostics.stream()
			.filter(SkillDiagnostic::isError)
			.map(SkillDiagnostic::toString)
			.collect(Collectors.joining("; ")));
		this.diagnostics = List.copyOf(diagnostics);
	}

	/**
	 * The diagnostics of the failed load.
	 * @return errors and warnings
	 */
	public List<SkillDiagnostic> getDiagnostics() {
		return this.diagnostics;
	}

}
