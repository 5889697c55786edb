package dev.skills.core.parse;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
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
 * Splits a {@code SKILL.md} into frontmatter and body and reads the frontmatter as YAML.
 * <p>
 * The frontmatter starts at a first line {@code ---} (after an optional UTF-8 BOM) and ends at
 * the next line that is exactly {@code ---}; CR, LF and CRLF line ends are accepted. The YAML is
 * read with safe settings: no custom tags, no implicit typing (every scalar is its text), no
 * duplicate keys, and limits on size, nesting and aliases so that hostile input fails fast.
 */
public final class FrontmatterParser {

	/** The most characters a frontmatter may have; real ones are a few hundred. */
	public static final int MAX_FRONTMATTER_CHARS = 64 * 1024;

	static final int MAX_NESTING_DEPTH = 20;

	static final int MAX_ALIASES = 20;

	// Without aliases a frontmatter holds fewer values than characters; more can only come from
	// aliases that expand.
	static final int MAX_VALUES = MAX_FRONTMATTER_CHARS;

	private static final String DELIMITER = "---";

	// A "key: value" line whose plain value YAML cannot read as written.
	// The value runs to the end of the line (its trailing blanks are stripped afterwards): a lazy
	// value followed by "\\s*$" would try every split of a long run of blanks, in quadratic time.
	private static final Pattern KEY_VALUE = Pattern.compile("^(\\s*)([^\\s#:\"'\\[{][^:]*?):[ \\t]+(\\S.*)$");

	private FrontmatterParser() {
	}

	/**
	 * Parse a whole {@code SKILL.md} strictly: YAML that is invalid as written is an error.
	 * @param content the file's text
	 * @return the frontmatter and body
	 * @throws FrontmatterException when the frontmatter is missing, unclosed, too large or not a
	 * YAML mapping
	 */
	public static Frontmatter parse(String content) {
		return read(new StringReader(content), false, true);
	}

	/**
	 * Parse a whole {@code SKILL.md} leniently: values that break the YAML only because they hold
	 * {@code ": "} or start with a reserved character are quoted and the YAML read again.
	 * @param content the file's text
	 * @return the frontmatter and body, with {@link Frontmatter#repairedKeys()} naming any repair
	 * @throws FrontmatterException when even the repaired frontmatter cannot be read
	 */
	public static Frontmatter parseLenient(String content) {
		return read(new StringReader(content), true, true);
	}

	/**
	 * Read a {@code SKILL.md} from a reader, stopping after the frontmatter unless the body is
	 * wanted. The reader is not closed.
	 * @param reader the file's text
	 * @param lenient whether to repair unquoted values (see {@link #parseLenient(String)})
	 * @param withBody whether to read the body too
	 * @return the frontmatter, and the body when asked for
	 * @throws FrontmatterException when the frontmatter cannot be read
	 * @throws UncheckedIOException when the reader fails
	 */
	public static Frontmatter read(Reader reader, boolean lenient, boolean withBody) {
		try {
			Frontmatter frontmatter = readYaml(readFrontmatter(reader), lenient);
			return withBody ? new Frontmatter(frontmatter.fields(), readAll(reader).strip(), frontmatter.repairedKeys())
					: frontmatter;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Read the frontmatter of a {@code SKILL.md} from its bytes, reading no further than the
	 * closing {@code ---}: the way discovery reads thousands of files. The stream is not closed.
	 * @param in the file's bytes
	 * @param lenient whether to repair unquoted values (see {@link #parseLenient(String)})
	 * @return the frontmatter, without a body
	 * @throws FrontmatterException when the frontmatter cannot be read or is not valid UTF-8
	 * @throws UncheckedIOException when the stream fails
	 */
	public static Frontmatter readFrontmatter(InputStream in, boolean lenient) {
		try {
			return readYaml(FrontmatterBytes.read(in), lenient);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Frontmatter readYaml(String yaml, boolean lenient) {
		try {
			return new Frontmatter(load(yaml), "", List.of());
		}
		catch (FrontmatterException ex) {
			RepairedYaml repair = lenient ? repair(yaml) : null;
			if (repair == null) {
				throw ex;
			}
			try {
				return new Frontmatter(load(repair.yaml()), "", repair.keys());
			}
			catch (FrontmatterException stillBroken) {
				throw ex;
			}
		}
	}

	/**
	 * Read the body of a {@code SKILL.md}: everything after the frontmatter, trimmed. The
	 * frontmatter is skipped without being parsed. The reader is not closed.
	 * @param reader the file's text
	 * @return the body
	 * @throws FrontmatterException when the frontmatter is missing or unclosed
	 * @throws UncheckedIOException when the reader fails
	 */
	public static String readBody(Reader reader) {
		try {
			readFrontmatter(reader);
			return readAll(reader).strip();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Render a YAML value (a string, list or map) as one line of YAML flow text.
	 * @param value the value
	 * @return the text, for example {@code [x, y]} or {@code {a: b}}
	 */
	static String toYamlText(Object value) {
		if (value instanceof String text) {
			return text;
		}
		DumperOptions options = new DumperOptions();
		options.setDefaultFlowStyle(DumperOptions.FlowStyle.FLOW);
		options.setWidth(Integer.MAX_VALUE);
		return new Yaml(options).dump(value).strip();
	}

	/**
	 * Whether a {@code SKILL.md} text starts with a frontmatter: its first line (after an
	 * optional byte order mark) is {@code ---}.
	 * @param content the file's text
	 * @return {@code true} when it does
	 */
	public static boolean hasFrontmatter(String content) {
		int end = content.indexOf('\n');
		return opensFrontmatter((end >= 0) ? content.substring(0, end) : content);
	}

	private static boolean opensFrontmatter(@Nullable String first) {
		if (first != null && !first.isEmpty() && first.charAt(0) == '\uFEFF') {
			first = first.substring(1);
		}
		return first != null && first.stripTrailing().equals(DELIMITER);
	}

	private static String readFrontmatter(Reader reader) throws IOException {
		LineReader lines = new LineReader(reader);
		if (!opensFrontmatter(lines.next())) {
			throw new FrontmatterException("SKILL.md must start with YAML frontmatter (---)");
		}
		StringBuilder yaml = new StringBuilder();
		for (String line = lines.next(); line != null; line = lines.next()) {
			if (line.stripTrailing().equals(DELIMITER)) {
				return yaml.toString();
			}
			yaml.append(line).append('\n');
		}
		throw new FrontmatterException("SKILL.md frontmatter not properly closed with ---");
	}

	private static String readAll(Reader reader) throws IOException {
		StringWriter out = new StringWriter();
		reader.transferTo(out);
		return out.toString().replace("\r\n", "\n");
	}

	private static Map<String, Object> load(String yaml) {
		// Most frontmatters are simple: read those without the YAML parser and its garbage.
		Map<String, Object> simple = SimpleFrontmatter.read(yaml);
		return (simple != null) ? simple : loadYaml(yaml);
	}

	// Read with the YAML parser alone (the simple reader is checked against it).
	static Map<String, Object> loadYaml(String yaml) {
		Object loaded;
		try {
			loaded = YAML.get().load(yaml);
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
			throw new FrontmatterException("SKILL.md frontmatter must be a YAML mapping");
		}
		Map<String, Object> fields = new LinkedHashMap<>();
		PlainCopy copy = new PlainCopy();
		map.forEach((key, value) -> fields.put(String.valueOf(key), copy.of(value, 1)));
		return fields;
	}

	// Building a Yaml instance costs more than parsing a small frontmatter. An instance is not
	// thread-safe but can be reused: one per thread.
	private static final ThreadLocal<Yaml> YAML = ThreadLocal.withInitial(FrontmatterParser::newYaml);

	private static Yaml newYaml() {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		options.setAllowRecursiveKeys(false);
		options.setMaxAliasesForCollections(MAX_ALIASES);
		options.setNestingDepthLimit(MAX_NESTING_DEPTH);
		options.setCodePointLimit(MAX_FRONTMATTER_CHARS);
		DumperOptions dumperOptions = new DumperOptions();
		return new Yaml(new TextConstructor(options), new Representer(dumperOptions), dumperOptions, options,
				new TextOnlyResolver());
	}

	/**
	 * Quote every plain value that YAML rejects: one holding {@code ": "}, ending in {@code :}, or
	 * starting with a reserved indicator ({@code @}, a backtick, {@code %}). Indented lines that
	 * continue such a value are folded into it, as YAML folds a plain scalar.
	 */
	private static @Nullable RepairedYaml repair(String yaml) {
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
		return keys.isEmpty() ? null : new RepairedYaml(out.toString(), keys);
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

	private record RepairedYaml(String yaml, List<String> keys) {
	}

	/**
	 * Copies loaded YAML into plain text, lists and maps. Explicit collection tags
	 * ({@code !!set}, ...) still construct typed values: they are brought back to text. Aliases
	 * share nodes, so an alias bomb under the alias limit, or an alias to its own parent, would
	 * make the copy grow without end: it is bounded by the nesting and value limits.
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
	 * A safe constructor that builds every scalar as its text, whatever its tag: {@code !!float 1.10}
	 * stays {@code 1.10} and {@code !!binary} stays its base64 text.
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
	 * A resolver without implicit types: {@code 1.10}, {@code true} and {@code 123} all stay text.
	 */
	private static final class TextOnlyResolver extends Resolver {

		@Override
		protected void addImplicitResolvers() {
		}

	}

	/**
	 * Reads lines (CR, LF or CRLF) and fails once the frontmatter grows past its limit, so that a
	 * huge file is never read whole.
	 */
	private static final class LineReader {

		private final Reader reader;

		private int total;

		private boolean pendingCr;

		LineReader(Reader reader) {
			this.reader = reader;
		}

		@Nullable String next() throws IOException {
			StringBuilder line = new StringBuilder();
			int c = this.reader.read();
			if (this.pendingCr && c == '\n') {
				c = this.reader.read();
			}
			this.pendingCr = false;
			if (c == -1) {
				return null;
			}
			while (c != -1 && c != '\n' && c != '\r') {
				count();
				line.append((char) c);
				c = this.reader.read();
			}
			if (c != -1) {
				// A line end is a character too: a file of blank lines must not be read whole.
				count();
			}
			this.pendingCr = (c == '\r');
			return line.toString();
		}

		private void count() {
			if (++this.total > MAX_FRONTMATTER_CHARS) {
				throw new FrontmatterException(
						"SKILL.md frontmatter exceeds " + MAX_FRONTMATTER_CHARS + " characters");
			}
		}

	}

}
