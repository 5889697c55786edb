package dev.skills.core.internal.parse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.skills.core.internal.prompt.ModelText;

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

	// ATTACHED reads a file without frontmatter, or whose frontmatter is not a
	// mapping, as no fields (unread() says why).
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

	// As CATALOG reads, no further than the closing ---: the way discovery reads
	// thousands of files. The stream is not closed.
	public static Frontmatter readFrontmatter(InputStream in) {
		try {
			String yaml = new SkillFileBytes(in, MAX_FRONTMATTER_BYTES).split(false).yaml();
			return FrontmatterYaml.load(yaml, true, "");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	// Decoded with replacement: an oversized body is cut with a note for the model,
	// and an invalid byte never makes the skill impossible to activate. At most the
	// frontmatter's limit plus maxBodyBytes are read; the stream is not closed.
	public static Body readBody(InputStream in, int maxBodyBytes) throws IOException {
		// Room past the limit for the white space that ends most files.
		int readLimit = MAX_FRONTMATTER_BYTES + maxBodyBytes + 1024;
		SkillFileBytes read = new SkillFileBytes(in, readLimit);
		int start = read.split(false).bodyStart();
		read.fillAll();
		boolean cut = read.length >= readLimit;
		int end = cut ? ModelText.characterStart(read.bytes, start + maxBodyBytes) : read.length;
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
			int shown = ModelText.characterStart(encoded, Math.min(encoded.length, maxBodyBytes));
			body = new String(encoded, 0, shown, StandardCharsets.UTF_8) + "\n\n[Instructions truncated after " + shown
					+ " bytes: the rest of this skill's SKILL.md exceeds the size limit and is not shown]";
			warnings.add("SKILL.md instructions exceed skills.max-body-bytes (" + maxBodyBytes
					+ "); the model sees the first " + shown + " bytes");
		}
		return new Body(body, warnings);
	}

	// The text ends with a note when it was cut; warnings is empty for a clean read.
	public record Body(String text, List<String> warnings) {

		public Body {
			warnings = List.copyOf(warnings);
		}

	}

}
