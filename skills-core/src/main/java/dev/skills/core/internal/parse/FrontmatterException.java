package dev.skills.core.internal.parse;

/**
 * Thrown when a {@code SKILL.md} has no readable frontmatter. The message is the one
 * shown to users, for example {@code SKILL.md must start with YAML frontmatter (---)}.
 */
public class FrontmatterException extends RuntimeException {

	/**
	 * Create an exception with a user-facing message.
	 * @param message what is wrong with the frontmatter
	 */
	public FrontmatterException(String message) {
		super(message);
	}

}
