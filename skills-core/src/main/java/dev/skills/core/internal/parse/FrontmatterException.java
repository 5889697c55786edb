package dev.skills.core.internal.parse;

/**
 * Thrown when a {@code SKILL.md} has no readable frontmatter. The message is the one
 * shown to users, for example {@code SKILL.md must start with YAML frontmatter (---)}.
 */
public class FrontmatterException extends RuntimeException {

	public FrontmatterException(String message) {
		super(message);
	}

	// Valid YAML, but a list, say.
	static final class NotAMapping extends FrontmatterException {

		NotAMapping() {
			super("SKILL.md frontmatter must be a YAML mapping");
		}

	}

}
