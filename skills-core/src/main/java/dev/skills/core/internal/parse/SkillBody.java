package dev.skills.core.internal.parse;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The instructions of a {@code SKILL.md} (everything after its frontmatter), read within
 * a size limit and decoded as UTF-8 with replacement: an oversized body is cut with a
 * note for the model, and an invalid byte is replaced rather than making the skill
 * impossible to activate.
 *
 * @param text the instructions, with a note at the end when they were cut
 * @param warnings what went wrong, for a warning diagnostic; empty for a clean read
 */
public record SkillBody(String text, List<String> warnings) {

	// A frontmatter holds at most MAX_FRONTMATTER_CHARS characters of at most 4 bytes,
	// plus its
	// two delimiter lines (and a BOM).
	private static final int MAX_FRONTMATTER_BYTES = FrontmatterParser.MAX_FRONTMATTER_CHARS * 4 + 16;

	public SkillBody {
		warnings = List.copyOf(warnings);
	}

	/**
	 * Read the body of a {@code SKILL.md}. At most the frontmatter's limit plus
	 * {@code maxBodyBytes} bytes are read, whatever the file's size.
	 * @param in the file's bytes; not closed
	 * @param maxBodyBytes the most bytes of body to keep
	 * @return the body
	 * @throws IOException when the stream fails
	 * @throws FrontmatterException when the frontmatter is missing or unclosed
	 */
	public static SkillBody read(InputStream in, int maxBodyBytes) throws IOException {
		int limit = MAX_FRONTMATTER_BYTES + maxBodyBytes;
		byte[] bytes = in.readNBytes(limit + 1);
		boolean cut = bytes.length > limit;
		int length = cut ? characterStart(bytes, limit) : bytes.length;
		List<String> warnings = new ArrayList<>();
		String text;
		try {
			text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, 0, length)).toString();
		}
		catch (CharacterCodingException ex) {
			text = StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPLACE)
				.onUnmappableCharacter(CodingErrorAction.REPLACE)
				.decode(ByteBuffer.wrap(bytes, 0, length))
				.toString();
			warnings.add("SKILL.md is not valid UTF-8; invalid bytes were replaced with U+FFFD");
		}
		String body = FrontmatterParser.readBody(new StringReader(text));
		byte[] encoded = body.getBytes(StandardCharsets.UTF_8);
		if (cut || encoded.length > maxBodyBytes) {
			int shown = characterStart(encoded, Math.min(encoded.length, maxBodyBytes));
			body = new String(encoded, 0, shown, StandardCharsets.UTF_8) + "\n\n[Instructions truncated after " + shown
					+ " bytes: the rest of this skill's SKILL.md exceeds the size limit and is not shown]";
			warnings.add("SKILL.md instructions exceed skills.max-body-bytes (" + maxBodyBytes
					+ "); the model sees the first " + shown + " bytes");
		}
		return new SkillBody(body, warnings);
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

}
