package dev.skills.core.internal.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.DuplicateKeyException;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Loads a frontmatter's YAML into plain text, lists and maps, with safe settings: no
 * custom tags, no implicit typing (every scalar is its text), no duplicate keys, and
 * limits on size, nesting and aliases so that hostile input fails fast. When asked, a
 * frontmatter YAML rejects is repaired by quoting the values that break it.
 */
final class FrontmatterYaml {

	static final int MAX_NESTING_DEPTH = 20;

	static final int MAX_ALIASES = 20;

	// Without aliases a frontmatter holds fewer values than characters; more can only
	// come from aliases that expand.
	static final int MAX_VALUES = FrontmatterParser.MAX_FRONTMATTER_CHARS;

	// A "key: value" line whose plain value YAML cannot read as written. The value runs
	// to the end of the line, blanks included: a lazy value followed by "\\s*$" would
	// try every split of a long run of blanks, in quadratic time.
	private static final Pattern KEY_VALUE = Pattern.compile("^(\\s*)([^\\s#:\"'\\[{][^:]*?):[ \\t]+(\\S.*)$");

	private FrontmatterYaml() {
	}

	// Most frontmatters are read without the YAML parser (see SimpleFrontmatter). With
	// repair, one that YAML rejects is read again with the breaking values quoted.
	static Frontmatter load(String yaml, boolean repair, String body) {
		Map<String, Object> simple = SimpleFrontmatter.read(yaml);
		if (simple != null) {
			return new Frontmatter(simple, body, List.of(), null);
		}
		try {
			return new Frontmatter(loadWithParser(yaml), body, List.of(), null);
		}
		catch (FrontmatterException ex) {
			List<String> keys = new ArrayList<>();
			String repaired = repair ? repair(yaml, keys) : yaml;
			if (keys.isEmpty()) {
				throw ex;
			}
			try {
				return new Frontmatter(loadWithParser(repaired), body, keys, null);
			}
			catch (FrontmatterException stillBroken) {
				throw ex;
			}
		}
	}

	static Map<String, Object> loadWithParser(String yaml) {
		Object loaded;
		try {
			loaded = newYaml().load(yaml);
		}
		catch (MarkedYAMLException ex) {
			String where = (ex.getProblemMark() != null) ? " (line " + (ex.getProblemMark().getLine() + 2) + ")" : "";
			String problem = (ex instanceof DuplicateKeyException) ? "duplicate key: " + ex.getProblem()
					: ex.getProblem();
			throw new FrontmatterException("Invalid YAML in frontmatter: " + problem + where);
		}
		catch (YAMLException ex) {
			throw new FrontmatterException("Invalid YAML in frontmatter: " + ex.getMessage());
		}
		if (loaded == null) {
			return Map.of();
		}
		if (!(loaded instanceof Map<?, ?> map)) {
			throw new FrontmatterException.NotAMapping();
		}
		Map<String, Object> fields = new LinkedHashMap<>();
		PlainCopy copy = new PlainCopy();
		map.forEach((key, value) -> fields.put(String.valueOf(key), copy.of(value, 1)));
		return fields;
	}

	// The lenient repair: quotes every plain value that YAML rejects (one holding ": ",
	// ending in ':', or starting with '@', a backtick or '%') and folds into it the
	// indented lines that continue it, as YAML folds a plain scalar.
	private static String repair(String yaml, List<String> keys) {
		String[] lines = yaml.split("\n", -1);
		StringBuilder out = new StringBuilder();
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
		return out.toString();
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

	private static Yaml newYaml() {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		options.setAllowRecursiveKeys(false);
		options.setMaxAliasesForCollections(MAX_ALIASES);
		options.setNestingDepthLimit(MAX_NESTING_DEPTH);
		options.setCodePointLimit(FrontmatterParser.MAX_FRONTMATTER_CHARS);
		DumperOptions dumperOptions = new DumperOptions();
		return new Yaml(new TextConstructor(options), new Representer(dumperOptions), dumperOptions, options,
				new TextOnlyResolver());
	}

	/**
	 * Copies loaded YAML into plain text, lists and maps. Explicit collection tags
	 * ({@code !!set}, ...) still construct typed values: they are brought back to text.
	 * Aliases share nodes, so an alias bomb under the alias limit, or an alias to its own
	 * parent, would make the copy grow without end: it is bounded by the nesting and
	 * value limits.
	 */
	private static final class PlainCopy {

		private int values;

		Object of(@Nullable Object value, int depth) {
			if (++this.values > MAX_VALUES) {
				throw new FrontmatterException(
						"Invalid YAML in frontmatter: aliases expand to more than " + MAX_VALUES + " values");
			}
			boolean collection = value instanceof Map<?, ?> || value instanceof Iterable<?>;
			if (collection && depth >= MAX_NESTING_DEPTH) {
				throw new FrontmatterException(
						"Invalid YAML in frontmatter: aliases nest deeper than " + MAX_NESTING_DEPTH + " levels");
			}
			if (value instanceof Map<?, ?> map) {
				Map<String, Object> result = new LinkedHashMap<>();
				map.forEach((k, v) -> result.put(String.valueOf(k), of(v, depth + 1)));
				return result;
			}
			if (value instanceof Iterable<?> items) {
				List<Object> result = new ArrayList<>();
				items.forEach((item) -> result.add(of(item, depth + 1)));
				return result;
			}
			return (value != null) ? String.valueOf(value) : "";
		}

	}

	// Every scalar as its text, whatever its tag: !!float 1.10 stays 1.10, !!binary its
	// base64 text.
	private static final class TextConstructor extends SafeConstructor {

		TextConstructor(LoaderOptions options) {
			super(options);
			for (Tag tag : List.of(Tag.BOOL, Tag.INT, Tag.FLOAT, Tag.BINARY, Tag.TIMESTAMP)) {
				this.yamlConstructors.put(tag, new ConstructYamlStr());
			}
			this.yamlConstructors.put(Tag.NULL, new ConstructYamlStr() {

				// An empty document (nothing between the --- lines) has no node at all.
				@Override
				public @Nullable Object construct(@Nullable Node node) {
					return (node != null) ? super.construct(node) : null;
				}

			});
		}

	}

	// No implicit types: 1.10, true and 123 all stay text.
	private static final class TextOnlyResolver extends Resolver {

		@Override
		protected void addImplicitResolvers() {
		}

	}

}
