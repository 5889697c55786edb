package dev.skills.core.internal.parse;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Reads the frontmatter most skills have without a YAML parser: top-level
 * {@code key: value} lines and one level of indented {@code key: value} lines below a key
 * without a value (such as {@code metadata:}), every value plain or quoted without
 * escapes. For those the result is what the YAML reader gives, which allocates about ten
 * times more per file; anything else (a comment, a list, a multi-line or escaped value, a
 * duplicate key, a tab, a control character) is left to the YAML reader, so its rules and
 * error messages stay the only ones.
 */
final class SimpleFrontmatter {

	private SimpleFrontmatter() {
	}

	// The fields in file order, or null when the YAML reader must read it.
	static @Nullable Map<String, Object> read(String yaml) {
		Map<String, Object> fields = new LinkedHashMap<>();
		Map<String, Object> nested = null;
		int childIndent = -1;
		int start = 0;
		while (start < yaml.length()) {
			int end = yaml.indexOf('\n', start);
			end = (end < 0) ? yaml.length() : end;
			int indent = indent(yaml, start, end);
			if (indent == end - start) {
				start = end + 1;
				continue;
			}
			int colon = keyEnd(yaml, start + indent, end);
			if (colon < 0) {
				return null;
			}
			String key = key(yaml, start + indent, colon);
			String value = value(yaml, colon + 1, end);
			if (value == null) {
				return null;
			}
			// "key:" alone may open a nested mapping; "key: ''" is an empty text.
			boolean bare = value.isEmpty() && indent(yaml, colon + 1, end) == end - colon - 1;
			if (indent == 0) {
				if (fields.containsKey(key)) {
					return null;
				}
				nested = bare ? new LinkedHashMap<>() : null;
				childIndent = -1;
				fields.put(key, bare ? nested : value);
			}
			else {
				if (nested == null || (childIndent >= 0 && indent != childIndent) || nested.containsKey(key)) {
					return null;
				}
				childIndent = indent;
				nested.put(key, value);
			}
			start = end + 1;
		}
		// A bare key without indented lines is empty text, as YAML's null becomes.
		fields.replaceAll((key, value) -> (value instanceof Map<?, ?> map && map.isEmpty()) ? "" : value);
		return fields;
	}

	// The key; the keys skills use are shared rather than copied from every file.
	private static String key(String yaml, int start, int end) {
		for (String known : SpecRules.KNOWN_KEYS) {
			if (known.length() == end - start && yaml.startsWith(known, start)) {
				return known;
			}
		}
		return yaml.substring(start, end);
	}

	// The count of leading spaces; a tab (or other control character) is left to YAML.
	private static int indent(String yaml, int start, int end) {
		int i = start;
		while (i < end && yaml.charAt(i) == ' ') {
			i++;
		}
		return i - start;
	}

	// The ':' ending a key of letters, digits, '_' and '-' (not first), else -1.
	private static int keyEnd(String yaml, int start, int end) {
		for (int i = start; i < end; i++) {
			char c = yaml.charAt(i);
			if (c == ':' && i > start) {
				return i;
			}
			boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
					|| (c == '-' && i > start);
			if (!allowed) {
				return -1;
			}
		}
		return -1;
	}

	// The value after "key:": empty, plain or quoted without escapes; else null (YAML).
	private static @Nullable String value(String yaml, int start, int end) {
		if (start < end && yaml.charAt(start) != ' ') {
			return null;
		}
		int first = start;
		while (first < end && yaml.charAt(first) == ' ') {
			first++;
		}
		int last = end;
		while (last > first && yaml.charAt(last - 1) == ' ') {
			last--;
		}
		if (first == last) {
			return "";
		}
		for (int i = first; i < last; i++) {
			if (!printable(yaml.charAt(i))) {
				return null;
			}
		}
		char opening = yaml.charAt(first);
		if (opening == '"' || opening == '\'') {
			return quoted(yaml, first, last, opening);
		}
		if ("-?:,[]{}#&*!|>%@`".indexOf(opening) >= 0) {
			return null;
		}
		String value = yaml.substring(first, last);
		boolean breaksPlain = value.contains(": ") || value.endsWith(":") || value.contains(" #");
		return breaksPlain ? null : value;
	}

	private static @Nullable String quoted(String yaml, int first, int last, char quote) {
		if (last - first < 2 || yaml.charAt(last - 1) != quote) {
			return null;
		}
		String inner = yaml.substring(first + 1, last - 1);
		return (inner.indexOf(quote) >= 0 || inner.indexOf('\\') >= 0) ? null : inner;
	}

	// Printable as YAML requires, less the byte order mark; others are left to YAML.
	private static boolean printable(char c) {
		return (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF);
	}

}
