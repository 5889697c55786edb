package dev.skills.mcp.server;

import java.io.StringReader;
import java.math.BigInteger;
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
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A {@code SKILL.md}'s frontmatter as the JSON object a Skills Extension entry carries
 * ({@code frontmatter}, "verbatim"): the YAML between the {@code ---} lines, typed by the
 * YAML 1.2 core schema as the TypeScript SDK's client types it when it checks a read
 * {@code SKILL.md} against the entry (plain {@code true}, {@code 12}, {@code null} are a
 * boolean, a number and null; quoted scalars stay text). Bounded like the registry's own
 * parser: size, nesting and aliases. A reader of the extension compares a read
 * {@code SKILL.md} with its entry through the same rules.
 */
public final class FrontmatterJson {

	private static final int MAX_CHARS = 64 * 1024;

	private static final Pattern CLOSE = Pattern.compile("^---[\\t ]*$", Pattern.MULTILINE);

	private static final Pattern INT = Pattern.compile("[-+]?[0-9]+");

	private static final Pattern FLOAT = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

	private FrontmatterJson() {
	}

	/**
	 * Read the frontmatter of a {@code SKILL.md}.
	 * @param markdown the file's text
	 * @return the frontmatter as JSON values, or {@code null} when it cannot be read
	 */
	public static @Nullable Map<String, Object> of(String markdown) {
		String text = markdown.replace("\r\n", "\n");
		if (text.startsWith("\uFEFF")) {
			text = text.substring(1);
		}
		if (!text.startsWith("---\n")) {
			return null;
		}
		String rest = text.substring(4);
		Matcher close = CLOSE.matcher(rest);
		if (!close.find() || close.start() > MAX_CHARS) {
			return null;
		}
		try {
			Node root = yaml().compose(new StringReader(rest.substring(0, close.start())));
			if (root == null) {
				return new LinkedHashMap<>();
			}
			return (root instanceof MappingNode mapping) ? mapping(mapping) : null;
		}
		catch (YAMLException | IllegalArgumentException ex) {
			return null;
		}
	}

	private static Yaml yaml() {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		options.setMaxAliasesForCollections(20);
		options.setNestingDepthLimit(32);
		options.setCodePointLimit(MAX_CHARS);
		return new Yaml(options, new DumperOptions());
	}

	private static Map<String, Object> mapping(MappingNode node) {
		Map<String, Object> map = new LinkedHashMap<>();
		for (NodeTuple tuple : node.getValue()) {
			if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
				throw new IllegalArgumentException("A frontmatter key is not text");
			}
			map.put(key.getValue(), value(tuple.getValueNode()));
		}
		return map;
	}

	private static @Nullable Object value(Node node) {
		if (node instanceof MappingNode mapping) {
			return mapping(mapping);
		}
		if (node instanceof SequenceNode sequence) {
			List<Object> list = new ArrayList<>();
			sequence.getValue().forEach((item) -> list.add(value(item)));
			return list;
		}
		ScalarNode scalar = (ScalarNode) node;
		return (scalar.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN) ? plain(scalar.getValue())
				: scalar.getValue();
	}

	// The YAML 1.2 core schema's resolution of a plain scalar.
	private static @Nullable Object plain(String value) {
		switch (value) {
			case "", "~", "null", "Null", "NULL":
				return null;
			case "true", "True", "TRUE":
				return Boolean.TRUE;
			case "false", "False", "FALSE":
				return Boolean.FALSE;
			default:
				break;
		}
		if (INT.matcher(value).matches()) {
			BigInteger number = new BigInteger(value.startsWith("+") ? value.substring(1) : value);
			return (number.bitLength() < 54) ? (Object) number.longValue() : number.doubleValue();
		}
		if (value.matches("0o[0-7]+")) {
			return Long.parseLong(value.substring(2), 8);
		}
		if (value.matches("0x[0-9a-fA-F]+") && value.length() <= 15) {
			return Long.parseLong(value.substring(2), 16);
		}
		if (FLOAT.matcher(value).matches()) {
			return Double.parseDouble(value);
		}
		return value;
	}

}
