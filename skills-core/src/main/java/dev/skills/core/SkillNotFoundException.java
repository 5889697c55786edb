package dev.skills.core;

import java.nio.file.Path;

/**
 * Thrown when a path holds no {@code SKILL.md}.
 */
public class SkillNotFoundException extends RuntimeException {

	/**
	 * Create an exception for the given path.
	 * @param path the folder or file that was expected to hold a skill
	 */
	public SkillNotFoundException(Path path) {
		super("skill file not found: " + path);
	}

}
