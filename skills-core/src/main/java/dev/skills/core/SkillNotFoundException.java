package dev.skills.core;

import java.nio.file.Path;

/**
 * Thrown when a registry knows no skill of a name, or a path holds no {@code SKILL.md}: a
 * {@link SkillResourceException} of reason {@link Reason#UNKNOWN_SKILL}.
 */
public class SkillNotFoundException extends SkillResourceException {

	/**
	 * Create an exception for the given path.
	 * @param path the folder or file that was expected to hold a skill
	 */
	public SkillNotFoundException(Path path) {
		super(Reason.UNKNOWN_SKILL, "skill file not found: " + path);
	}

	/**
	 * Create an exception for a name no skill has.
	 * @param message what the model or caller reads: the name and the valid ones
	 */
	public SkillNotFoundException(String message) {
		super(Reason.UNKNOWN_SKILL, message);
	}

}
