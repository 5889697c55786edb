package dev.skills.core.internal.parse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the frontmatter of a {@code SKILL.md} from its bytes, stopping at the closing
 * {@code ---}: the body is never read. Discovery reads thousands of files, so the bytes
 * go into one buffer per thread, reused from file to file; a reader per file (with its
 * own char and byte buffers) cost more than the read itself.
 */
final class FrontmatterBytes {

	// Most frontmatters and many whole skill files fit in one read of this size.
	private static final int FIRST_READ = 4096;

	// A UTF-16 char takes at most 3 UTF-8 bytes: past this many bytes the limit is
	// exceeded for sure.
	private static final int MAX_BYTES = FrontmatterParser.MAX_FRONTMATTER_CHARS * 3 + 16;

	// The most a thread keeps between files.
	private static final int RETAINED_BYTES = 16 * 1024;

	private static final byte[] BOM = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };

	private static final InputStream NO_INPUT = InputStream.nullInputStream();

	private static final ThreadLocal<Buffer> BUFFER = ThreadLocal.withInitial(Buffer::new);

	private FrontmatterBytes() {
	}

	/**
	 * Read the YAML between the {@code ---} lines, with line ends as {@code \n}.
	 * @param in the file's bytes, positioned at its start; not closed
	 * @return the YAML text
	 * @throws FrontmatterException when the frontmatter is missing, unclosed, too large
	 * or not valid UTF-8
	 * @throws IOException when reading fails
	 */
	static String read(InputStream in) throws IOException {
		Buffer buffer = BUFFER.get();
		try {
			buffer.reset(in);
			return read(buffer);
		}
		finally {
			buffer.release();
		}
	}

	private static String read(Buffer buffer) throws IOException {
		int start = buffer.startsWith(BOM) ? BOM.length : 0;
		int end = buffer.lineEnd(start);
		if (end < 0 || !isDelimiter(buffer.bytes, start, end)) {
			throw new FrontmatterException("SKILL.md must start with YAML frontmatter (---)");
		}
		int yamlStart = buffer.nextLine(end);
		for (int line = yamlStart; line < buffer.length || buffer.fill(); line = buffer.nextLine(end)) {
			end = buffer.lineEnd(line);
			if (isDelimiter(buffer.bytes, line, end)) {
				return yaml(buffer.bytes, yamlStart, line);
			}
		}
		// No closing line within the buffer's limit: too large when the text read so far
		// already
		// is (the limit holds more bytes than the largest frontmatter can take), else
		// unclosed.
		yaml(buffer.bytes, yamlStart, buffer.length);
		throw new FrontmatterException("SKILL.md frontmatter not properly closed with ---");
	}

	// A line that is "---" followed only by white space (as String.stripTrailing sees
	// it).
	private static boolean isDelimiter(byte[] bytes, int start, int end) {
		if (end - start < 3 || bytes[start] != '-' || bytes[start + 1] != '-' || bytes[start + 2] != '-') {
			return false;
		}
		for (int i = start + 3; i < end; i++) {
			if (bytes[i] < 0) {
				// Past ASCII: white space as Java sees it, decoded.
				return decode(bytes, start, end).stripTrailing().equals("---");
			}
			if (!Character.isWhitespace(bytes[i])) {
				return false;
			}
		}
		return true;
	}

	private static String yaml(byte[] bytes, int start, int end) {
		String text = decode(bytes, start, end);
		if (text.length() > FrontmatterParser.MAX_FRONTMATTER_CHARS) {
			throw tooLarge();
		}
		return (text.indexOf('\r') < 0) ? text : text.replace("\r\n", "\n").replace('\r', '\n');
	}

	private static String decode(byte[] bytes, int start, int end) {
		for (int i = start; i < end; i++) {
			if (bytes[i] < 0) {
				try {
					return StandardCharsets.UTF_8.newDecoder()
						.onMalformedInput(CodingErrorAction.REPORT)
						.onUnmappableCharacter(CodingErrorAction.REPORT)
						.decode(ByteBuffer.wrap(bytes, start, end - start))
						.toString();
				}
				catch (CharacterCodingException ex) {
					throw new FrontmatterException("SKILL.md frontmatter is not valid UTF-8");
				}
			}
		}
		// Plain ASCII, the common case: no decoder needed.
		return new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
	}

	private static FrontmatterException tooLarge() {
		return new FrontmatterException(
				"SKILL.md frontmatter exceeds " + FrontmatterParser.MAX_FRONTMATTER_CHARS + " characters");
	}

	/**
	 * The bytes read so far of one file, in a buffer that grows (up to the frontmatter
	 * limit) and is kept for the thread's next file.
	 */
	private static final class Buffer {

		private byte[] bytes = new byte[FIRST_READ];

		private int length;

		private boolean eof;

		private InputStream in = NO_INPUT;

		void reset(InputStream in) throws IOException {
			if (this.bytes.length > RETAINED_BYTES) {
				// One huge frontmatter must not pin its buffer for the thread's lifetime.
				this.bytes = new byte[FIRST_READ];
			}
			this.in = in;
			this.length = 0;
			this.eof = false;
			fill();
		}

		void release() {
			this.in = NO_INPUT;
		}

		// Read more bytes; false at the end of the file or the size limit.
		boolean fill() throws IOException {
			if (this.eof || this.length >= MAX_BYTES) {
				return false;
			}
			if (this.length == this.bytes.length) {
				this.bytes = Arrays.copyOf(this.bytes, Math.min(this.bytes.length * 2, MAX_BYTES));
			}
			int read = this.in.read(this.bytes, this.length, this.bytes.length - this.length);
			if (read < 0) {
				this.eof = true;
				return false;
			}
			this.length += read;
			return true;
		}

		boolean startsWith(byte[] prefix) {
			return this.length >= prefix.length
					&& Arrays.equals(this.bytes, 0, prefix.length, prefix, 0, prefix.length);
		}

		// The end of the line starting at start (the index of its \r or \n, or the file's
		// end),
		// reading more as needed; -1 when start is at the end of the file.
		int lineEnd(int start) throws IOException {
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
		int nextLine(int end) throws IOException {
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
