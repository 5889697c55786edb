package dev.skills.core.internal.parse;

/**
 * How forgiving one read of a {@code SKILL.md} is. There is one reader; the policy says
 * which deviations it repairs or accepts (each with a warning) instead of failing.
 */
public enum ReadPolicy {

	/**
	 * The validator's reading: YAML as written, no repair.
	 */
	STRICT,

	/**
	 * The registry's lenient loading: unquoted values that break the YAML are quoted; a
	 * skill is skipped when its frontmatter is missing or not a mapping, it has no
	 * description, or its name holds white space or a path separator.
	 */
	CATALOG,

	/**
	 * teff's {@code load_skill}, for a file the caller chose: like {@link #CATALOG}, and
	 * also a file without frontmatter or whose frontmatter is not a mapping (read as no
	 * fields), a missing or blank description (read as empty) and a name with white space
	 * (kept as written) load. A path separator or a control character in the name still
	 * makes the skill unusable.
	 */
	ATTACHED;

	boolean repairs() {
		return this != STRICT;
	}

	boolean attached() {
		return this == ATTACHED;
	}

}
