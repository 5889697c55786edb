package dev.skills.core.internal.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The lenient repair of a frontmatter: quotes every plain value that YAML rejects, one
 * holding {@code ": "}, ending in {@code :}, or starting with a reserved indicator
 * ({@code @}, a backtick, {@code %}). Indented lines that continue such a value are
 * folded into it, as YAML folds a plain scalar.
 */
final class FrontmatterRepair {

	// A "key: value" line whose plain value YAML cannot read as written. The value runs
	// to the end of the line (its trailing blanks are stripped afterwards): a lazy value
	// followed by "\\s*$" would try every split of a long run of blanks, in quadratic
	// time.
	private static final Pattern KEY_VALUE = Pattern.compile("^(\\s*)([^\\s#:\"'\\[{][^:]*?):[ \\t]+(\\S.*)$");

	private FrontmatterRepair() {
	}

	/**
	 * Quote the values that YAML rejects.
	 * @param yaml the frontmatter's YAML text
	 * @return the repaired YAML and the keys whose values were quoted, or {@code null}
	 * when no value needed quotes
	 */
	static @Nullable Repaired repair(String yaml) {
		String[] lines = yaml.split("\n", -1);
		StringBuilder out = new StringBuilder();
		List<String> keys = new ArrayList<>();
		for (int i = 0; i < lines.length; i++) {
			Matcher matcher = KEY_VALUE.matcher(lines[i]);
			if (!matcher.matches() || !needsQuotes(matcher.group(3).stripTrailing())) {
				out.append(lines[i]).append('\n');
				continue;
			}
			int indent = matcher.group(1).length();
			StringBuilder value = new StringBuilder(matcher.group(3).stripTrailing());
			while (i + 1 < lines.length && !lines[i + 1].isBlank() && indentOf(lines[i + 1]) > indent) {
				value.append(' ').append(lines[++i].strip());
			}
			keys.add(matcher.group(2).strip());
			out.append(matcher.group(1))
				.append(matcher.group(2))
				.append(": \"")
				.append(value.toString().replace("\\", "\\\\").replace("\"", "\\\""))
				.append("\"\n");
		}
		return keys.isEmpty() ? null : new Repaired(out.toString(), keys);
	}

	private static boolean needsQuotes(String value) {
		char first = value.charAt(0);
		if (first == '|' || first == '>' || first == '&' || first == '*' || first == '!' || first == '#') {
			return false;
		}
		return value.contains(": ") || value.endsWith(":") || first == '@' || first == '`' || first == '%';
	}

	private static int indentOf(String line) {
		int indent = 0;
		while (indent < line.length() && (line.charAt(indent) == ' ' || line.charAt(indent) == '\t')) {
			indent++;
		}
		return indent;
	}

	/**
	 * A repaired frontmatter.
	 *
	 * @param yaml the YAML text with the quoted values
	 * @param keys the keys whose values were quoted
	 */
	record Repaired(String yaml, List<String> keys) {
	}

}
