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

	// A tool field in any form seen in real skills: the specification's space-separated
	// string, a comma-separated string, or a YAML list.
	static Parsed parse(Object raw) {
		if (raw instanceof List<?> items) {
			List<String> tools = new ArrayList<>();
			items.forEach((item) -> add(tools, MetaReader.toYamlText(item)));
			return new Parsed(tools, true);
		}
		if (!(raw instanceof String text)) {
			return new Parsed(null, true);
		}
		if (text.isBlank()) {
			return new Parsed(null, false);
		}
		boolean commas = hasTopLevelComma(text);
		return new Parsed(split(text, commas ? (c) -> c == ',' : Character::isWhitespace, true), commas);
	}

	static List<String> triggers(@Nullable String text) {
		return (text != null) ? split(text, TRIGGER_SEPARATORS, false) : List.of();
	}

	static List<String> tags(@Nullable String text) {
		if (text != null && text.startsWith("[") && text.endsWith("]")) {
			// A YAML list, kept as its flow text.
			text = text.substring(1, text.length() - 1);
		}
		return (text != null) ? split(text, TAG_SEPARATORS, false) : List.of();
	}

	// The trimmed, non-empty parts; when nested, separators within parentheses do not
	// count. By hand rather than by a regex: discovery splits every skill's tags.
	private static List<String> split(String text, IntPredicate separators, boolean nested) {
		List<String> parts = new ArrayList<>();
		int depth = 0;
		int start = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			depth += (!nested) ? 0 : (c == '(') ? 1 : (c == ')' && depth > 0) ? -1 : 0;
			if (depth == 0 && separators.test(c)) {
				add(parts, text.substring(start, i));
				start = i + 1;
			}
		}
		add(parts, text.substring(start));
		return parts;
	}

	private static boolean hasTopLevelComma(String text) {
		int depth = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			depth += (c == '(') ? 1 : (c == ')' && depth > 0) ? -1 : 0;
			if (depth == 0 && c == ',') {
				return true;
			}
		}
		return false;
	}

	private static void add(List<String> parts, String part) {
		String stripped = part.strip();
		if (!stripped.isEmpty()) {
			parts.add(stripped);
		}
	}

	// tools: null when the value is no list; nonStandard: not a space-separated string.
	record Parsed(@Nullable List<String> tools, boolean nonStandard) {
	}

}
