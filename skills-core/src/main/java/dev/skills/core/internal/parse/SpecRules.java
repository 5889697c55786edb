package dev.skills.core.internal.parse;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.skills.core.internal.prompt.ModelText;
import org.jspecify.annotations.Nullable;

/**
 * The field rules of the Agent Skills specification, shared by the lenient loader (which
 * reports a broken rule as a warning) and the validator (which reports it as an error).
 * Lengths count Unicode code points, not UTF-16 units.
 */
public final class SpecRules {

	/** The longest name, in code points after NFKC normalisation. */
	public static final int MAX_NAME_LENGTH = 64;

	/**
	 * The longest name a skill may have at all, in characters: longer is no name, and the
	 * skill is skipped (names over {@value #MAX_NAME_LENGTH} code points only break the
	 * specification).
	 */
	public static final int MAX_USABLE_NAME_LENGTH = 256;

	/** The longest description, in code points. */
	public static final int MAX_DESCRIPTION_LENGTH = 1024;

	/** The longest compatibility text, in code points. */
	public static final int MAX_COMPATIBILITY_LENGTH = 500;

	// The one list of field names: the specification's, two extensions other clients use,
	// then common metadata keys; the reader shares these strings, not a copy per skill.
	static final List<String> KNOWN_KEYS = List.of("name", "description", "license", "compatibility", "metadata",
			"allowed-tools", "when_to_use", "disallowed-tools", "author", "version", "tags", "triggers", "priority");

	/** The frontmatter fields the specification defines. */
	public static final Set<String> SPEC_FIELDS = Set.copyOf(KNOWN_KEYS.subList(0, 6));

	/** Fields outside the specification that other clients use and this library reads. */
	public static final Set<String> EXTENSION_FIELDS = Set.copyOf(KNOWN_KEYS.subList(6, 8));

	/** The spellings of the tool fields with {@code _}, read with a warning. */
	public static final Set<String> UNDERSCORE_ALIASES = Set.of("allowed_tools", "disallowed_tools");

	private SpecRules() {
	}

	// The rules the name breaks (stripped, NFKC); a null directoryName skips that check.
	public static List<String> nameProblems(String name, @Nullable String directoryName) {
		String normalized = normalizeName(name.strip());
		List<String> problems = new ArrayList<>();
		int length = normalized.codePointCount(0, normalized.length());
		if (length > MAX_NAME_LENGTH) {
			problems.add("Skill name '" + ModelText.echo(normalized) + "' exceeds " + MAX_NAME_LENGTH
					+ " character limit (" + length + " chars)");
		}
		if (!normalized.equals(normalized.toLowerCase(Locale.ROOT))) {
			problems.add("Skill name '" + ModelText.echo(normalized) + "' must be lowercase");
		}
		if (normalized.startsWith("-") || normalized.endsWith("-")) {
			problems.add("Skill name cannot start or end with a hyphen");
		}
		if (normalized.contains("--")) {
			problems.add("Skill name cannot contain consecutive hyphens");
		}
		if (!lettersDigitsAndHyphens(normalized)) {
			problems.add("Skill name '" + ModelText.echo(normalized)
					+ "' contains invalid characters. Only letters, digits, and hyphens are allowed.");
		}
		if (directoryName != null && !normalizeName(directoryName).equals(normalized)) {
			problems.add("Directory name '" + ModelText.echo(directoryName) + "' must match skill name '"
					+ ModelText.echo(normalized) + "'");
		}
		return problems;
	}

	public static List<String> descriptionProblems(String description) {
		return overLimit("Description", description, MAX_DESCRIPTION_LENGTH);
	}

	// Not text, empty, or too long.
	public static List<String> compatibilityProblems(Object compatibility) {
		if (!(compatibility instanceof String text)) {
			return List.of("Field 'compatibility' must be a string");
		}
		if (text.isEmpty()) {
			return List.of("Field 'compatibility' must not be empty (1-" + MAX_COMPATIBILITY_LENGTH + " characters)");
		}
		return overLimit("Compatibility", text, MAX_COMPATIBILITY_LENGTH);
	}

	private static List<String> overLimit(String field, String text, int limit) {
		int length = text.codePointCount(0, text.length());
		return (length > limit) ? List.of(field + " exceeds " + limit + " character limit (" + length + " chars)")
				: List.of();
	}

	// Why a name cannot be used at all, else null: too long (it would fail search indexes
	// and flood every prompt), or white space (unless allowed), a path separator, "." or
	// "..", or a control or format character, which would look like another name in the
	// catalog, the tool list and the logs. The NFKC form, the one the skill goes by, is
	// checked too: "\u2025\uFF0F\u2025\uFF0Fetc" reads as "../../etc".
	public static @Nullable String unusableName(String name, boolean whitespaceAllowed) {
		if (name.length() > MAX_USABLE_NAME_LENGTH) {
			return tooLong(name);
		}
		String normalized = normalizeName(name);
		if (normalized.length() > MAX_USABLE_NAME_LENGTH) {
			return tooLong(normalized);
		}
		for (String form : (normalized.equals(name)) ? List.of(name) : List.of(name, normalized)) {
			String reason = unusableForm(form, name, whitespaceAllowed);
			if (reason != null) {
				return reason;
			}
		}
		return null;
	}

	private static String tooLong(String name) {
		return "Skill name '" + ModelText.echo(name.substring(0, name.offsetByCodePoints(0, 40))) + "...' is "
				+ name.length() + " characters long, over " + MAX_USABLE_NAME_LENGTH + "; the skill is skipped";
	}

	private static @Nullable String unusableForm(String form, String written, boolean whitespaceAllowed) {
		boolean whitespace = false;
		for (int i = 0; i < form.length();) {
			int c = form.codePointAt(i);
			if (ModelText.isControlOrFormat(c)) {
				return "Skill name '" + ModelText.echo(written) + "' contains the control or format character U+"
						+ String.format("%04X", c) + "; the skill is skipped";
			}
			whitespace |= Character.isWhitespace(c);
			i += Character.charCount(c);
		}
		String read = form.equals(written) ? "" : " (read as '" + ModelText.echo(form) + "')";
		if (whitespace && !whitespaceAllowed) {
			return "Skill '" + ModelText.echo(written) + "'" + read
					+ ": name contains whitespace; the skill is skipped";
		}
		if (form.indexOf('/') >= 0 || form.indexOf('\\') >= 0) {
			return "Skill name '" + ModelText.echo(written) + "'" + read
					+ " contains a path separator; the skill is skipped";
		}
		if (form.equals(".") || form.equals("..")) {
			return "Skill name '" + ModelText.echo(written) + "'" + read + " is a path segment; the skill is skipped";
		}
		return null;
	}

	// The form names are compared in: NFKC, so that "ｂｅｔａ" and "beta" are one name.
	public static String normalizeName(String name) {
		return Normalizer.normalize(name, Normalizer.Form.NFKC);
	}

	private static boolean lettersDigitsAndHyphens(String name) {
		for (int i = 0; i < name.length();) {
			int c = name.codePointAt(i);
			if (c != '-' && !Character.isLetterOrDigit(c)) {
				return false;
			}
			i += Character.charCount(c);
		}
		return true;
	}

}
