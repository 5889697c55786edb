package dev.skills.core.internal.parse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one reader of {@code SKILL.md} files: a bounded byte read, one splitter and one
 * decode ({@link SkillFileBytes}), SnakeYAML with its fast path and the optional lenient
 * repair ({@link FrontmatterYaml}). Discovery reads no further than the closing line; the
 * body is read, within its own limit, only when a skill is activated.
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
	 * Parse a whole {@code SKILL.md} as a policy says.
	 * @param content the file's text
	 * @param policy how forgiving to be: {@link ReadPolicy#ATTACHED} reads a file without
	 * frontmatter, or whose frontmatter is not a mapping, as no fields (with
	 * {@link Frontmatter#unread()} saying why)
	 * @return the frontmatter and body
	 * @throws FrontmatterException when the policy does not accept what is wrong
	 */
	public static Frontmatter parse(String content, ReadPolicy policy) {
		byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
		try {
			SkillFileBytes file = new SkillFileBytes(new ByteArrayInputStream(bytes), bytes.length);
			SkillFileBytes.Split split = file.split(policy.attached());
			file.fillAll();
			String body = file.decode(split.bodyStart(), file.length, false).replace("\r\n", "\n").strip();
			if (split.yaml() == null) {
				return new Frontmatter(Map.of(), body, List.of(), "SKILL.md has no frontmatter");
			}
			try {
				return FrontmatterYaml.load(split.yaml(), policy.repairs(), body);
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

	/**
	 * Read the frontmatter of a {@code SKILL.md} from its bytes as
	 * {@link ReadPolicy#CATALOG} does, reading no further than the closing {@code ---}:
	 * the way discovery reads thousands of files. The stream is not closed.
	 * @param in the file's bytes
	 * @return the frontmatter, without a body
	 * @throws FrontmatterException when the frontmatter cannot be read (or decoded)
	 * @throws UncheckedIOException when the stream fails
	 */
	public static Frontmatter readFrontmatter(InputStream in) {
		try {
			String yaml = new SkillFileBytes(in, MAX_FRONTMATTER_BYTES).split(false).yaml();
			return FrontmatterYaml.load(yaml, true, "");
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
		int start = read.split(false).bodyStart();
		read.fillAll();
		boolean cut = read.length >= readLimit;
		int end = cut ? SkillFileBytes.characterStart(read.bytes, start + maxBodyBytes) : read.length;
		List<String> warnings = new ArrayList<>();
		String text;
		try {
			text = read.decode(start, end, true);
		}
		catch (FrontmatterException ex) {
			text = read.decode(start, end, false);
			warnings.add("SKILL.md is not valid UTF-8; invalid bytes were replaced with U+FFFD");
		}
		String body = text.replace("\r\n", "\n").strip();
		byte[] encoded = body.getBytes(StandardCharsets.UTF_8);
		if (cut || encoded.length > maxBodyBytes) {
			int shown = SkillFileBytes.characterStart(encoded, Math.min(encoded.length, maxBodyBytes));
			body = new String(encoded, 0, shown, StandardCharsets.UTF_8) + "\n\n[Instructions truncated after " + shown
					+ " bytes: the rest of this skill's SKILL.md exceeds the size limit and is not shown]";
			warnings.add("SKILL.md instructions exceed skills.max-body-bytes (" + maxBodyBytes
					+ "); the model sees the first " + shown + " bytes");
		}
		return new Body(body, warnings);
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
