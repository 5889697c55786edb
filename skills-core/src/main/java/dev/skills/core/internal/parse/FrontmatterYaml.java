package dev.skills.core.internal.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * limits on size, nesting and aliases so that hostile input fails fast.
 */
final class FrontmatterYaml {

	static final int MAX_NESTING_DEPTH = 20;

	static final int MAX_ALIASES = 20;

	// Without aliases a frontmatter holds fewer values than characters; more can only
	// come from aliases that expand.
	static final int MAX_VALUES = FrontmatterParser.MAX_FRONTMATTER_CHARS;

	private FrontmatterYaml() {
	}

	/**
	 * Load a frontmatter.
	 * @param yaml the YAML text
	 * @return the fields, in their order
	 * @throws FrontmatterException when the YAML is invalid, over a limit or not a
	 * mapping
	 */
	static Map<String, Object> load(String yaml) {
		// Most frontmatters are simple: read those without the YAML parser, which costs 8
		// to 13 µs a frontmatter where a whole discovery costs 17 µs a skill.
		Map<String, Object> simple = SimpleFrontmatter.read(yaml);
		return (simple != null) ? simple : loadWithParser(yaml);
	}

	/**
	 * Load a frontmatter with the YAML parser alone (the simple reader is checked against
	 * it).
	 * @param yaml the YAML text
	 * @return the fields, in their order
	 * @throws FrontmatterException when the YAML is invalid, over a limit or not a
	 * mapping
	 */
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

	/**
	 * A safe constructor that builds every scalar as its text, whatever its tag:
	 * {@code !!float 1.10} stays {@code 1.10} and {@code !!binary} stays its base64 text.
	 */
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

	/**
	 * A resolver without implicit types: {@code 1.10}, {@code true} and {@code 123} all
	 * stay text.
	 */
	private static final class TextOnlyResolver extends Resolver {

		@Override
		protected void addImplicitResolvers() {
		}

	}

}
