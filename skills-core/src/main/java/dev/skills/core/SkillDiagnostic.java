package dev.skills.core;

import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * One finding about one skill file: an error or a warning.
 *
 * @param severity error or warning
 * @param file the file or folder the finding is about
 * @param skillName the skill's name, when known
 * @param message what is wrong, in one sentence
 */
public record SkillDiagnostic(Severity severity, String file, @Nullable String skillName, String message) {

	/**
	 * Create an error.
	 * @param file the file or folder
	 * @param skillName the skill name, if known
	 * @param message the message
	 * @return the diagnostic
	 */
	public static SkillDiagnostic error(String file, @Nullable String skillName, String message) {
		return new SkillDiagnostic(Severity.ERROR, file, skillName, message);
	}

	/**
	 * Create a warning.
	 * @param file the file or folder
	 * @param skillName the skill name, if known
	 * @param message the message
	 * @return the diagnostic
	 */
	public static SkillDiagnostic warning(String file, @Nullable String skillName, String message) {
		return new SkillDiagnostic(Severity.WARNING, file, skillName, message);
	}

	/**
	 * Whether this is an error.
	 * @return {@code true} for {@link Severity#ERROR}
	 */
	public boolean isError() {
		return this.severity == Severity.ERROR;
	}

	/**
	 * Format as {@code error: <file>: <message>}.
	 */
	@Override
	public String toString() {
		return this.severity.label() + ": " + this.file + ": " + this.message;
	}

	/**
	 * How bad a finding is.
	 */
	public enum Severity {

		/** A violation of the specification, or a skill that could not be loaded. */
		ERROR,

		/** A recommendation not followed, or a repair made while loading. */
		WARNING;

		/**
		 * The lower-case label used in messages and JSON.
		 * @return {@code error} or {@code warning}
		 */
		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

}
