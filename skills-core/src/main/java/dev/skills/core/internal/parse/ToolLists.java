package dev.skills.core.internal.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Splits tool lists and other list-like text fields. Tool patterns such as
 * {@code Bash(git commit:*)} hold spaces and commas inside parentheses, so separators
 * count only outside them.
 */
final class ToolLists {

	// metadata.triggers are separated by ';' or line ends, metadata.tags by commas or
	// white space.
	private static final Pattern TRIGGER_SEPARATORS = Pattern.compile("[;\\n]");

	private static final Pattern TAG_SEPARATORS = Pattern.compile("[,\\s]");

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
				String text = FrontmatterParser.toYamlText(item).strip();
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

	// The patterns are compiled once: discovery splits every skill's tags.
	private static List<String> split(@Nullable String text, Pattern separators) {
		if (text == null) {
			return List.of();
		}
		List<String> parts = new ArrayList<>();
		for (String part : separators.split(text)) {
			if (!part.isBlank()) {
				parts.add(part.strip());
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
		StringBuilder current = new StringBuilder();
		int depth = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			depth += (c == '(') ? 1 : (c == ')' && depth > 0) ? -1 : 0;
			boolean separator = (depth == 0) && (onCommas ? c == ',' : Character.isWhitespace(c));
			if (separator) {
				addPart(tools, current);
			}
			else {
				current.append(c);
			}
		}
		addPart(tools, current);
		return tools;
	}

	private static void addPart(List<String> tools, StringBuilder current) {
		String part = current.toString().strip();
		if (!part.isEmpty()) {
			tools.add(part);
		}
		current.setLength(0);
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
