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

	/**
	 * The frontmatter is valid YAML but not a mapping (a list, say).
	 */
	static final class NotAMapping extends FrontmatterException {

		NotAMapping() {
			super("SKILL.md frontmatter must be a YAML mapping");
		}

	}

}
