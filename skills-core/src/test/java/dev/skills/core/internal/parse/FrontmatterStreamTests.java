package dev.skills.core.internal.parse;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.load.SkillLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Reading the frontmatter from bytes
 * ({@link FrontmatterParser#readFrontmatter(InputStream)}) agrees with reading it from
 * text, and stops at the closing line.
 */
class FrontmatterStreamTests {

	static List<String> files() {
		return List.of("---\nname: a\ndescription: b\n---\n# Body\n", "\uFEFF---\nname: bom\ndescription: d\n---\n",
				"---\r\nname: crlf\r\ndescription: d\r\nmetadata:\r\n  k: v\r\n---\r\nbody",
				"---\rname: cr\rdescription: d\r---\rbody", "---  \nname: a\ndescription: b\n---\t \nbody",
				"---\nname: eof\ndescription: no newline after the closing line\n---",
				"---\nname: dashes\ndescription: a --- inside\nnote: |\n  ---x\n---\n",
				"---\nname: 技能\ndescription: Ünïcödé — text ✓\n---\n", "---\ndescription: Use when: repaired\n---\n",
				"---\n---\nempty frontmatter", "---\n# only a comment\n---\n",
				"---\nname: a\ndescription: b\n----\nmore: c\n---\n");
	}

	@ParameterizedTest
	@MethodSource("files")
	void bytesAndTextGiveTheSameFrontmatter(String file) {
		Object fromText = outcome(() -> {
			Frontmatter whole = FrontmatterParser.parse(file, ReadPolicy.CATALOG);
			return new Frontmatter(whole.fields(), "", whole.repairedKeys(), null);
		});
		Object fromBytes = outcome(() -> FrontmatterParser.readFrontmatter(stream(file)));
		assertThat(fromBytes).isEqualTo(fromText);
	}

	// The frontmatter read, or the message of the error it gave.
	private static Object outcome(Supplier<Frontmatter> read) {
		try {
			return read.get();
		}
		catch (FrontmatterException ex) {
			return ex.getMessage();
		}
	}

	@Test
	void emptyFrontmatterIsAnEmptyMapping() {
		assertThat(FrontmatterParser.parse("---\n---\nbody", ReadPolicy.STRICT).fields()).isEmpty();
		assertThat(SkillLoader.readMeta(stream("---\n  \n---\n"), "x/SKILL.md", "x", "x").diagnostics())
			.extracting(SkillDiagnostic::message)
			.contains("Missing required field in frontmatter: description");
	}

	@Test
	void missingFrontmatterIsTheSameError() {
		assertThatExceptionOfType(FrontmatterException.class)
			.isThrownBy(() -> FrontmatterParser.readFrontmatter(stream("# no frontmatter\n")))
			.withMessage("SKILL.md must start with YAML frontmatter (---)");
		assertThatExceptionOfType(FrontmatterException.class)
			.isThrownBy(() -> FrontmatterParser.readFrontmatter(stream("")))
			.withMessage("SKILL.md must start with YAML frontmatter (---)");
	}

	@Test
	void unclosedFrontmatterIsTheSameError() {
		assertThatExceptionOfType(FrontmatterException.class)
			.isThrownBy(() -> FrontmatterParser.readFrontmatter(stream("---\nname: a\n")))
			.withMessage("SKILL.md frontmatter not properly closed with ---");
	}

	@Test
	void oversizedFrontmatterFailsEarly() {
		CountingStream in = new CountingStream("---\n" + "a: b\n".repeat(2_000_000));
		assertThatExceptionOfType(FrontmatterException.class).isThrownBy(() -> FrontmatterParser.readFrontmatter(in))
			.withMessage("SKILL.md frontmatter exceeds 65536 characters");
		assertThat(in.read).isLessThan(256 * 1024);
	}

	@Test
	void blankLinesCountTowardsTheLimit() {
		assertThatExceptionOfType(FrontmatterException.class)
			.isThrownBy(() -> FrontmatterParser.readFrontmatter(stream("---\n" + "\n".repeat(70_000))))
			.withMessage("SKILL.md frontmatter exceeds 65536 characters");
	}

	@Test
	void invalidUtf8InTheFrontmatterIsAnError() {
		byte[] bytes = "---\nname: a\ndescription: x\n---\n".getBytes(StandardCharsets.UTF_8);
		bytes[22] = (byte) 0xC3;
		assertThatExceptionOfType(FrontmatterException.class)
			.isThrownBy(() -> FrontmatterParser.readFrontmatter(new ByteArrayInputStream(bytes)))
			.withMessage("SKILL.md frontmatter is not valid UTF-8");
	}

	@Test
	void theBodyIsNotRead() {
		CountingStream in = new CountingStream(
				"---\nname: a\ndescription: b\n---\n" + "A long body line of instructions.\n".repeat(100_000));
		assertThat(FrontmatterParser.readFrontmatter(in).fields()).containsEntry("name", "a");
		// One read of the thread's buffer (4 KB, or up to 16 KB after a large
		// frontmatter).
		assertThat(in.read).isLessThanOrEqualTo(16 * 1024);
	}

	@Test
	void frontmatterOverOneReadIsReadWhole() {
		String description = "word ".repeat(3_000);
		String file = "---\nname: big\ndescription: " + description + "\n---\nbody";
		assertThat(FrontmatterParser.readFrontmatter(stream(file)).fields()).containsEntry("description",
				description.strip());
		// The thread's buffer grew for that file; the next small file reads as before.
		assertThat(FrontmatterParser.readFrontmatter(stream("---\nname: small\n---\n")).fields()).containsEntry("name",
				"small");
	}

	private static InputStream stream(String text) {
		return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
	}

	private static final class CountingStream extends FilterInputStream {

		long read;

		CountingStream(String text) {
			super(stream(text));
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			int n = super.read(b, off, len);
			this.read += Math.max(n, 0);
			return n;
		}

	}

}
