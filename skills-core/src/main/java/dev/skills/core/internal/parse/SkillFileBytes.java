package dev.skills.core.internal.parse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.jspecify.annotations.Nullable;

/**
 * The bytes read so far of one {@code SKILL.md}, read in growing chunks up to a limit,
 * the one splitter of frontmatter and body and the one decode. The frontmatter starts at
 * a first line {@code ---} (after an optional UTF-8 BOM) and ends at the next line that
 * is exactly {@code ---}, with CR, LF or CRLF line ends.
 */
final class SkillFileBytes {

	// Most frontmatters (a few hundred bytes) fit in one read of this size.
	private static final int FIRST_READ = 1024;

	private static final byte[] BOM = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };

	private final InputStream in;

	private final int limit;

	byte[] bytes;

	int length;

	private boolean eof;

	SkillFileBytes(InputStream in, int limit) throws IOException {
		this.in = in;
		this.limit = limit;
		this.bytes = new byte[Math.min(FIRST_READ, limit)];
		fill();
	}

	// A file without frontmatter is all body when noneAllowed, else an error.
	Split split(boolean noneAllowed) throws IOException {
		int start = startsWithBom() ? BOM.length : 0;
		int end = lineEnd(start);
		if (end < 0 || !isDelimiter(start, end)) {
			if (noneAllowed) {
				return new Split(null, start);
			}
			throw new FrontmatterException("SKILL.md must start with YAML frontmatter (---)");
		}
		int yamlStart = nextLine(end);
		for (int line = yamlStart; line < this.length || fill(); line = nextLine(end)) {
			end = lineEnd(line);
			if (isDelimiter(line, end)) {
				return new Split(yamlText(yamlStart, line), nextLine(end));
			}
		}
		// Too large when the text read so far already is (the limit holds more bytes than
		// the largest frontmatter can take), else unclosed.
		yamlText(yamlStart, this.length);
		throw new FrontmatterException("SKILL.md frontmatter not properly closed with ---");
	}

	void fillAll() throws IOException {
		while (fill()) {
			// read to the end or the limit
		}
	}

	// Strict decoding fails on an invalid byte; lenient replaces it. Plain ASCII, the
	// common case, needs no decoder.
	String decode(int start, int end, boolean strict) {
		for (int i = start; i < end; i++) {
			if (this.bytes[i] < 0) {
				CodingErrorAction action = strict ? CodingErrorAction.REPORT : CodingErrorAction.REPLACE;
				try {
					return StandardCharsets.UTF_8.newDecoder()
						.onMalformedInput(action)
						.onUnmappableCharacter(action)
						.decode(ByteBuffer.wrap(this.bytes, start, end - start))
						.toString();
				}
				catch (CharacterCodingException ex) {
					throw new FrontmatterException("SKILL.md frontmatter is not valid UTF-8");
				}
			}
		}
		return new String(this.bytes, start, end - start, StandardCharsets.ISO_8859_1);
	}

	private String yamlText(int start, int end) {
		String text = decode(start, end, true);
		if (text.length() > FrontmatterParser.MAX_FRONTMATTER_CHARS) {
			throw new FrontmatterException(
					"SKILL.md frontmatter exceeds " + FrontmatterParser.MAX_FRONTMATTER_CHARS + " characters");
		}
		return (text.indexOf('\r') < 0) ? text : text.replace("\r\n", "\n").replace('\r', '\n');
	}

	// A line that is "---" and then only white space (as String.stripTrailing sees it).
	private boolean isDelimiter(int start, int end) {
		if (end - start < 3 || this.bytes[start] != '-' || this.bytes[start + 1] != '-'
				|| this.bytes[start + 2] != '-') {
			return false;
		}
		for (int i = start + 3; i < end; i++) {
			if (this.bytes[i] < 0) {
				return decode(start, end, false).stripTrailing().equals("---");
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

	// The end of the line starting at start (the index of its \r or \n, or the file's
	// end), reading more as needed; -1 when start is at the end of the file.
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
		return (this.bytes[end] == '\r' && end + 1 < this.length && this.bytes[end + 1] == '\n') ? end + 2 : end + 1;
	}

	// yaml: between the delimiter lines, lines ended by \n; null without frontmatter.
	record Split(@Nullable String yaml, int bodyStart) {
	}

}
