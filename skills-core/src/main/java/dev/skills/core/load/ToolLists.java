package dev.skills.core.load;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import org.jspecify.annotations.Nullable;

/**
 * Splits tool lists and other list-like text fields. Tool patterns such as
 * {@code Bash(git commit:*)} hold spaces and commas inside parentheses, so separators
 * count only outside them.
 */
final class ToolLists {

	// metadata.triggers are separated by ';' or line ends, metadata.tags by commas or
	// white space (the white space of a regex's \s).
	private static final IntPredicate TRIGGER_SEPARATORS = (c) -> c == ';' || c == '\n';

	private static final IntPredicate TAG_SEPARATORS = (c) -> c == ',' || c == ' ' || (c >= '\t' && c <= '\r');

	private ToolLists() {
	}

	/**
	 * Read {@code allowed-tools} or {@code disallowed-tools} in any of the forms seen in
	 * real skills: the specification's space-separated string, a comma-separated string,
	 * or a YAML list.
	 * @param raw the parsed value
	 * @return the tools, and whether the form was not the specification's
	 */
	static Parsed parse(Object raw) {
		if (raw instanceof List<?> items) {
			List<String> tools = new ArrayList<>();
			for (Object item : items) {
				String text = MetaReader.toYamlText(item).strip();
				if (!text.isEmpty()) {
					tools.add(text);
				}
			}
			return new Parsed(tools, true);
		}
		if (!(raw instanceof String text)) {
			return new Parsed(null, true);
		}
		if (text.isBlank()) {
			return new Parsed(null, false);
		}
		boolean commas = hasTopLevel(text, ',');
		return new Parsed(splitTopLevel(text, commas), commas);
	}

	/**
	 * Split {@code metadata.triggers}: phrases separated by {@code ;} or line ends.
	 * @param text the value, or {@code null}
	 * @return the trimmed, non-empty phrases
	 */
	static List<String> triggers(@Nullable String text) {
		return split(text, TRIGGER_SEPARATORS);
	}

	/**
	 * Split {@code metadata.tags}: words separated by commas or white space.
	 * @param text the value, or {@code null}
	 * @return the trimmed, non-empty tags
	 */
	static List<String> tags(@Nullable String text) {
		return split(text, TAG_SEPARATORS);
	}

	// Split by hand rather than by a regex: discovery splits every skill's tags.
	private static List<String> split(@Nullable String text, IntPredicate separators) {
		if (text == null) {
			return List.of();
		}
		List<String> parts = new ArrayList<>();
		int start = 0;
		for (int i = 0; i <= text.length(); i++) {
			if (i == text.length() || separators.test(text.charAt(i))) {
				String part = text.substring(start, i).strip();
				if (!part.isEmpty()) {
					parts.add(part);
				}
				start = i + 1;
			}
		}
		return parts;
	}

	private static boolean hasTopLevel(String text, char separator) {
		int depth = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			depth += (c == '(') ? 1 : (c == ')' && depth > 0) ? -1 : 0;
			if (depth == 0 && c == separator) {
				return true;
			}
		}
		return false;
	}

	private static List<String> splitTopLevel(String text, boolean onCommas) {
		List<String> tools = new ArrayList<>();
		int depth = 0;
		int start = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			depth += (c == '(') ? 1 : (c == ')' && depth > 0) ? -1 : 0;
			if ((depth == 0) && (onCommas ? c == ',' : Character.isWhitespace(c))) {
				addPart(tools, text.substring(start, i));
				start = i + 1;
			}
		}
		addPart(tools, text.substring(start));
		return tools;
	}

	private static void addPart(List<String> tools, String part) {
		String stripped = part.strip();
		if (!stripped.isEmpty()) {
			tools.add(stripped);
		}
	}

	/**
	 * A parsed tool list.
	 *
	 * @param tools the tools, or {@code null} when the value could not be read as a list
	 * @param nonStandard whether the form was other than a space-separated string
	 */
	record Parsed(@Nullable List<String> tools, boolean nonStandard) {
	}

}
