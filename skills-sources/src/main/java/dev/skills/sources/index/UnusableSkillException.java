package dev.skills.sources.index;

/**
 * One skill of an index cannot be used (a digest that does not match, an archive that
 * breaks the folder rules, a file that cannot be fetched): that skill is left out with a
 * warning and the others are served.
 */
final class UnusableSkillException extends Exception {

	private static final long serialVersionUID = 1L;

	UnusableSkillException(String message) {
		super(message);
	}

}
