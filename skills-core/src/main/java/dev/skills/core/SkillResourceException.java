package dev.skills.core;

/**
 * Thrown when a skill or one of its bundled files cannot be read. The message is for the
 * model: what was wrong and what to do instead.
 */
public class SkillResourceException extends RuntimeException {

	private final Reason reason;

	/**
	 * Create an exception.
	 * @param reason why the read failed
	 * @param message what was wrong and what to do instead
	 */
	public SkillResourceException(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	/**
	 * Why the read failed.
	 * @return the reason
	 */
	public Reason getReason() {
		return this.reason;
	}

	/**
	 * Why a read failed.
	 */
	public enum Reason {

		/** No skill of that name. */
		UNKNOWN_SKILL,

		/** The skill has no file at that path. */
		NOT_FOUND,

		/** The path is absolute, escaping, hidden, or a link leaving the skill. */
		REJECTED,

		/** The file exists but could not be read. */
		UNREADABLE

	}

}
