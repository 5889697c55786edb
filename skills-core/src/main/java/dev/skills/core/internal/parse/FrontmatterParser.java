package dev.skills.core.internal.parse;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Splits a {@code SKILL.md} into frontmatter and body and reads the frontmatter as YAML.
 * <p>
 * The frontmatter starts at a first line {@code ---} (after an optional UTF-8 BOM) and
 * ends at the next line that is exactly {@code ---}; CR, LF and CRLF line ends are
 * accepted. The YAML is read with safe settings: no custom tags, no implicit typing
 * (every scalar is its text), no duplicate keys, and limits on size, nesting and aliases
 * so that hostile input fails fast.
 */
public final class FrontmatterParser {

	/** The most characters a frontmatter may have; real ones are a few hundred. */
	public static final int MAX_FRONTMATTER_CHARS = 64 * 1024;

	private FrontmatterParser() {
	}

	/**
	 * Parse a whole {@code SKILL.md} strictly: YAML that is invalid as written is an
	 * error.
	 * @param content the file's text
	 * @return the frontmatter and body
	 * @throws FrontmatterException when the frontmatter is missing, unclosed, too large
	 * or not a YAML mapping
	 */
	public static Frontmatter parse(String content) {
		return read(new StringReader(content), false, true);
	}

	/**
	 * Parse a whole {@code SKILL.md} leniently: values that break the YAML only because
	 * they hold {@code ": "} or start with a reserved character are quoted and the YAML
	 * read again.
	 * @param content the file's text
	 * @return the frontmatter and body, with {@link Frontmatter#repairedKeys()} naming
	 * any repair
	 * @throws FrontmatterException when even the repaired frontmatter cannot be read
	 */
	public static Frontmatter parseLenient(String content) {
		return read(new StringReader(content), true, true);
	}

	/**
	 * Read a {@code SKILL.md} from a reader, stopping after the frontmatter unless the
	 * body is wanted. The reader is not closed.
	 * @param reader the file's text
	 * @param lenient whether to repair unquoted values (see
	 * {@link #parseLenient(String)})
	 * @param withBody whether to read the body too
	 * @return the frontmatter, and the body when asked for
	 * @throws FrontmatterException when the frontmatter cannot be read
	 * @throws UncheckedIOException when the reader fails
	 */
	public static Frontmatter read(Reader reader, boolean lenient, boolean withBody) {
		try {
			Frontmatter frontmatter = readYaml(FrontmatterLines.read(reader), lenient);
			return withBody ? new Frontmatter(frontmatter.fields(), readAll(reader).strip(), frontmatter.repairedKeys())
					: frontmatter;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Read the frontmatter of a {@code SKILL.md} from its bytes, reading no further than
	 * the closing {@code ---}: the way discovery reads thousands of files. The stream is
	 * not closed.
	 * @param in the file's bytes
	 * @param lenient whether to repair unquoted values (see
	 * {@link #parseLenient(String)})
	 * @return the frontmatter, without a body
	 * @throws FrontmatterException when the frontmatter cannot be read or is not valid
	 * UTF-8
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
			return new Frontmatter(FrontmatterYaml.load(yaml), "", List.of());
		}
		catch (FrontmatterException ex) {
			FrontmatterRepair.Repaired repair = lenient ? FrontmatterRepair.repair(yaml) : null;
			if (repair == null) {
				throw ex;
			}
			try {
				return new Frontmatter(FrontmatterYaml.load(repair.yaml()), "", repair.keys());
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
			FrontmatterLines.read(reader);
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
		return FrontmatterLines.opensFrontmatter((end >= 0) ? content.substring(0, end) : content);
	}

	private static String readAll(Reader reader) throws IOException {
		StringWriter out = new StringWriter();
		reader.transferTo(out);
		return out.toString().replace("\r\n", "\n");
	}

}
