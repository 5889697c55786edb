package dev.skills.core.internal.parse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The one reader of {@code SKILL.md} files: a bounded byte read, one decode, one
 * splitter, SnakeYAML (see {@link FrontmatterYaml}) and the optional lenient repair.
 * <p>
 * The frontmatter starts at a first line {@code ---} (after an optional UTF-8 BOM) and
 * ends at the next line that is exactly {@code ---}; CR, LF and CRLF line ends are
 * accepted. Discovery reads no further than the closing line; the body is read, within
 * its own limit, only when a skill is activated.
 */
public final class FrontmatterParser {

	/** The most characters a frontmatter may have; real ones are a few hundred. */
	public static final int MAX_FRONTMATTER_CHARS = 64 * 1024;

	// A UTF-16 char takes at most 3 UTF-8 bytes: past this many the limit is exceeded for
	// sure. Delimiter lines and a BOM come on top.
	private static final int MAX_FRONTMATTER_BYTES = MAX_FRONTMATTER_CHARS * 3 + 16;

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
		return parse(content, ReadPolicy.STRICT);
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
		return parse(content, ReadPolicy.CATALOG);
	}

	/**
	 * Parse a whole {@code SKILL.md} as a policy says.
	 * @param content the file's text
	 * @param policy how forgiving to be: {@link ReadPolicy#ATTACHED} reads a file without
	 * frontmatter, or whose frontmatter is not a mapping, as no fields (with
	 * {@link Frontmatter#unread()} saying why)
	 * @return the frontmatter and body
	 * @throws FrontmatterException when the policy does not accept what is wrong
	 */
	public static Frontmatter parse(String content, ReadPolicy policy) {
		if (policy.attached() && !hasFrontmatter(content)) {
			return new Frontmatter(Map.of(),
					normalizedBody(content.startsWith("\uFEFF") ? content.substring(1) : content), List.of(),
					"SKILL.md has no frontmatter");
		}
		byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
		try {
			SkillFileBytes.Split split = new SkillFileBytes(new ByteArrayInputStream(bytes), bytes.length).split();
			String body = normalizedBody(decode(bytes, split.bodyStart(), bytes.length, false));
			try {
				Frontmatter frontmatter = yaml(split.yaml(), policy.repairs());
				return new Frontmatter(frontmatter.fields(), body, frontmatter.repairedKeys());
			}
			catch (FrontmatterException.NotAMapping ex) {
				if (!policy.attached()) {
					throw ex;
				}
				return new Frontmatter(Map.of(), body, List.of(), "SKILL.md frontmatter is not a YAML mapping");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String normalizedBody(String text) {
		return text.replace("\r\n", "\n").strip();
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
			return yaml(new SkillFileBytes(in, MAX_FRONTMATTER_BYTES).split().yaml(), lenient);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Read the instructions of a {@code SKILL.md} (everything after its frontmatter)
	 * within a size limit, decoded as UTF-8 with replacement: an oversized body is cut
	 * with a note for the model, and an invalid byte is replaced rather than making the
	 * skill impossible to activate. At most the frontmatter's limit plus
	 * {@code maxBodyBytes} bytes are read, whatever the file's size.
	 * @param in the file's bytes; not closed
	 * @param maxBodyBytes the most bytes of body to keep
	 * @return the body
	 * @throws IOException when the stream fails
	 * @throws FrontmatterException when the frontmatter is missing or unclosed
	 */
	public static Body readBody(InputStream in, int maxBodyBytes) throws IOException {
		// Room past the limit for the white space that ends most files.
		int readLimit = MAX_FRONTMATTER_BYTES + maxBodyBytes + 1024;
		SkillFileBytes read = new SkillFileBytes(in, readLimit);
		int start = read.split().bodyStart();
		read.fillAll();
		boolean cut = read.length >= readLimit;
		int end = cut ? characterStart(read.bytes, start + maxBodyBytes) : read.length;
		List<String> warnings = new ArrayList<>();
		String text;
		try {
			text = decode(read.bytes, start, end, true);
		}
		catch (FrontmatterException ex) {
			text = decode(read.bytes, start, end, false);
			warnings.add("SKILL.md is not valid UTF-8; invalid bytes were replaced with U+FFFD");
		}
		String body = text.replace("\r\n", "\n").strip();
		byte[] encoded = body.getBytes(StandardCharsets.UTF_8);
		if (cut || encoded.length > maxBodyBytes) {
			int shown = characterStart(encoded, Math.min(encoded.length, maxBodyBytes));
			body = new String(encoded, 0, shown, StandardCharsets.UTF_8) + "\n\n[Instructions truncated after " + shown
					+ " bytes: the rest of this skill's SKILL.md exceeds the size limit and is not shown]";
			warnings.add("SKILL.md instructions exceed skills.max-body-bytes (" + maxBodyBytes
					+ "); the model sees the first " + shown + " bytes");
		}
		return new Body(body, warnings);
	}

	/**
	 * Whether a {@code SKILL.md} text starts with a frontmatter: its first line (after an
	 * optional byte order mark) is {@code ---}.
	 * @param content the file's text
	 * @return {@code true} when it does
	 */
	public static boolean hasFrontmatter(String content) {
		int end = content.indexOf('\n');
		String first = (end >= 0) ? content.substring(0, end) : content;
		first = first.startsWith("\uFEFF") ? first.substring(1) : first;
		return first.stripTrailing().equals("---");
	}

	private static Frontmatter yaml(String yaml, boolean lenient) {
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

	// Strict decoding fails on an invalid byte; lenient replaces it. Plain ASCII, the
	// common case, needs no decoder.
	static String decode(byte[] bytes, int start, int end, boolean strict) {
		for (int i = start; i < end; i++) {
			if (bytes[i] < 0) {
				CodingErrorAction action = strict ? CodingErrorAction.REPORT : CodingErrorAction.REPLACE;
				try {
					return StandardCharsets.UTF_8.newDecoder()
						.onMalformedInput(action)
						.onUnmappableCharacter(action)
						.decode(ByteBuffer.wrap(bytes, start, end - start))
						.toString();
				}
				catch (CharacterCodingException ex) {
					throw new FrontmatterException("SKILL.md frontmatter is not valid UTF-8");
				}
			}
		}
		return new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
	}

	// The largest index at or below `at` that does not fall inside a multi-byte UTF-8
	// sequence.
	private static int characterStart(byte[] bytes, int at) {
		int index = at;
		while (index > 0 && index < bytes.length && (bytes[index] & 0xC0) == 0x80) {
			index--;
		}
		return index;
	}

	/**
	 * The instructions of a {@code SKILL.md}.
	 *
	 * @param text the instructions, with a note at the end when they were cut
	 * @param warnings what went wrong, for a warning diagnostic; empty for a clean read
	 */
	public record Body(String text, List<String> warnings) {

		public Body {
			warnings = List.copyOf(warnings);
		}

	}

}
