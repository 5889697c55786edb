package dev.skills.core.load;

import java.util.Collection;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A frontmatter value as Python's {@code str(...)} writes it, the way teff and 10xGraph
 * read a field that should be text: {@code [a, b]} becomes {@code ['a', 'b']}. The parser
 * reads every scalar as text, so values are strings, lists and maps.
 */
final class PythonText {

	private PythonText() {
	}

	static String str(Object value) {
		return (value instanceof String text) ? text : repr(value);
	}

	private static String repr(Object value) {
		if (value instanceof Collection<?> items) {
			StringJoiner list = new StringJoiner(", ", "[", "]");
			items.forEach((item) -> list.add(repr(item)));
			return list.toString();
		}
		if (value instanceof Map<?, ?> map) {
			StringJoiner dict = new StringJoiner(", ", "{", "}");
			map.forEach((key, item) -> dict.add(repr(key) + ": " + repr(item)));
			return dict.toString();
		}
		if (value == null) {
			return "None";
		}
		return quoted(value.toString());
	}

	// Single quotes, unless the text holds one and no double quote, as Python does.
	private static String quoted(String text) {
		char quote = (text.indexOf('\'') >= 0 && text.indexOf('"') < 0) ? '"' : '\'';
		StringBuilder out = new StringBuilder().append(quote);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				default -> out.append((c == quote) ? "\\" + c : String.valueOf(c));
			}
		}
		return out.append(quote).toString();
	}

}
