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
import java.util.Arrays;
import java.util.List;

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

	// Most frontmatters and many whole skill files fit in one read of this size.
	private static final int FIRST_READ = 4096;

	private static final byte[] BOM = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };

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
		return parseWhole(content, false);
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
		return parseWhole(content, true);
	}

	private static Frontmatter parseWhole(String content, boolean lenient) {
		byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
		try {
			Split split = new Bytes(new ByteArrayInputStream(bytes), bytes.length).split();
			Frontmatter frontmatter = yaml(split.yaml(), lenient);
			String body = decode(bytes, split.bodyStart(), bytes.length, false).replace("\r\n", "\n").strip();
			return new Frontmatter(frontmatter.fields(), body, frontmatter.repairedKeys());
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
			return yaml(new Bytes(in, MAX_FRONTMATTER_BYTES).split().yaml(), lenient);
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
		Bytes read = new Bytes(in, readLimit);
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
	private static String decode(byte[] bytes, int start, int end, boolean strict) {
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

	/**
	 * Where a frontmatter lies.
	 *
	 * @param yaml the YAML text between the delimiter lines, lines ended by {@code \n}
	 * @param bodyStart the index of the first byte after the closing line
	 */
	private record Split(String yaml, int bodyStart) {
	}

	/**
	 * The bytes read so far of one file, read in growing chunks up to a limit, and the
	 * one splitter of frontmatter and body.
	 */
	private static final class Bytes {

		private final InputStream in;

		private final int limit;

		private byte[] bytes;

		private int length;

		private boolean eof;

		Bytes(InputStream in, int limit) throws IOException {
			this.in = in;
			this.limit = limit;
			this.bytes = new byte[Math.min(FIRST_READ, limit)];
			fill();
		}

		Split split() throws IOException {
			int start = startsWithBom() ? BOM.length : 0;
			int end = lineEnd(start);
			if (end < 0 || !isDelimiter(start, end)) {
				throw new FrontmatterException("SKILL.md must start with YAML frontmatter (---)");
			}
			int yamlStart = nextLine(end);
			for (int line = yamlStart; line < this.length || fill(); line = nextLine(end)) {
				end = lineEnd(line);
				if (isDelimiter(line, end)) {
					return new Split(yamlText(yamlStart, line), nextLine(end));
				}
			}
			// No closing line within the limit: too large when the text read so far
			// already is (the limit holds more bytes than the largest frontmatter can
			// take), else unclosed.
			yamlText(yamlStart, this.length);
			throw new FrontmatterException("SKILL.md frontmatter not properly closed with ---");
		}

		void fillAll() throws IOException {
			while (fill()) {
				// read to the end or the limit
			}
		}

		private String yamlText(int start, int end) {
			String text = decode(this.bytes, start, end, true);
			if (text.length() > MAX_FRONTMATTER_CHARS) {
				throw new FrontmatterException("SKILL.md frontmatter exceeds " + MAX_FRONTMATTER_CHARS + " characters");
			}
			return (text.indexOf('\r') < 0) ? text : text.replace("\r\n", "\n").replace('\r', '\n');
		}

		// A line that is "---" followed only by white space (as String.stripTrailing
		// sees it).
		private boolean isDelimiter(int start, int end) {
			if (end - start < 3 || this.bytes[start] != '-' || this.bytes[start + 1] != '-'
					|| this.bytes[start + 2] != '-') {
				return false;
			}
			for (int i = start + 3; i < end; i++) {
				if (this.bytes[i] < 0) {
					return decode(this.bytes, start, end, false).stripTrailing().equals("---");
				}
				if (!Character.isWhitespace(this.bytes[i])) {
					return false;
				}
			}
			return true;
		}

		// Read more bytes; false at the end of the file or the limit.
		private boolean fill() throws IOException {
			if (this.eof || this.length >= this.limit) {
				return false;
			}
			if (this.length == this.bytes.length) {
				this.bytes = Arrays.copyOf(this.bytes, (int) Math.min(this.bytes.length * 2L, this.limit));
			}
			int read = this.in.read(this.bytes, this.length, this.bytes.length - this.length);
			if (read < 0) {
				this.eof = true;
				return false;
			}
			this.length += read;
			return true;
		}

		private boolean startsWithBom() {
			return this.length >= BOM.length && Arrays.equals(this.bytes, 0, BOM.length, BOM, 0, BOM.length);
		}

		// The end of the line starting at start (the index of its \r or \n, or the
		// file's end), reading more as needed; -1 when start is at the end of the file.
		private int lineEnd(int start) throws IOException {
			int i = start;
			while (true) {
				for (; i < this.length; i++) {
					if (this.bytes[i] == '\n' || this.bytes[i] == '\r') {
						return i;
					}
				}
				if (!fill()) {
					return (start < this.length) ? this.length : -1;
				}
			}
		}

		// The start of the line after the line end at end (past \r\n as one).
		private int nextLine(int end) throws IOException {
			if (end >= this.length) {
				return this.length;
			}
			if (this.bytes[end] == '\r' && end + 1 >= this.length) {
				fill();
			}
			return (this.bytes[end] == '\r' && end + 1 < this.length && this.bytes[end + 1] == '\n') ? end + 2
					: end + 1;
		}

	}

}
