package dev.skills.core.internal.parse;

import java.io.IOException;
import java.io.Reader;

import org.jspecify.annotations.Nullable;

/**
 * Finds the frontmatter in a {@code SKILL.md} text: the lines between a first line
 * {@code ---} (after an optional UTF-8 BOM) and the next line that is exactly
 * {@code ---}, with CR, LF or CRLF line ends, reading no more than
 * {@link FrontmatterParser#MAX_FRONTMATTER_CHARS} characters.
 */
final class FrontmatterLines {

	private static final String DELIMITER = "---";

	private FrontmatterLines() {
	}

	/**
	 * Whether a first line opens a frontmatter.
	 * @param first the line without its line end, or {@code null} for an empty text
	 * @return {@code true} when it is {@code ---}
	 */
	static boolean opensFrontmatter(@Nullable String first) {
		if (first != null && !first.isEmpty() && first.charAt(0) == '\uFEFF') {
			first = first.substring(1);
		}
		return first != null && first.stripTrailing().equals(DELIMITER);
	}

	/**
	 * Read the frontmatter's lines, leaving the reader just after the closing
	 * {@code ---}.
	 * @param reader the file's text
	 * @return the YAML text, each line ended by LF
	 * @throws FrontmatterException when the frontmatter is missing, unclosed or too large
	 * @throws IOException when the reader fails
	 */
	static String read(Reader reader) throws IOException {
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

	/**
	 * Reads lines (CR, LF or CRLF) and fails once the frontmatter grows past its limit,
	 * so that a huge file is never read whole.
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
				// A line end is a character too: a file of blank lines must not be read
				// whole.
				count();
			}
			this.pendingCr = (c == '\r');
			return line.toString();
		}

		private void count() {
			if (++this.total > FrontmatterParser.MAX_FRONTMATTER_CHARS) {
				throw new FrontmatterException(
						"SKILL.md frontmatter exceeds " + FrontmatterParser.MAX_FRONTMATTER_CHARS + " characters");
			}
		}

	}

}
