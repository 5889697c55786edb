package dev.skills.core.registry;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.skills.test.SkillFixtures.skillMd;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A skill's instructions are read within {@code maxBodyBytes} and decoded with
 * replacement: an oversized or slightly broken body still activates, with a note for the
 * model and a warning.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillBodyLimitsTests {

	@TempDir
	Path skills;

	private SkillsRegistry registry(int maxBodyBytes) {
		return SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.skills.toString()).maxBodyBytes(maxBodyBytes).build());
	}

	@Test
	void oversizedBodyIsCutWithANote(CapturedOutput output) {
		write(this.skills.resolve("big/SKILL.md"), skillMd("big", "A big skill.", "é".repeat(5_000_000)));

		try (SkillsRegistry registry = registry(1_001)) {
			String body = registry.snapshot().load("big").instructions();

			assertThat(body).isEqualTo("é".repeat(500) + "\n\n[Instructions truncated after 1000 bytes: the rest of "
					+ "this skill's SKILL.md exceeds the size limit and is not shown]");
		}
		assertThat(output).contains("warning: " + this.skills.resolve("big/SKILL.md")
				+ ": SKILL.md instructions exceed skills.max-body-bytes (1001); the model sees the first 1000 bytes");
	}

	@Test
	void fittingBodyIsWholeAndQuiet(CapturedOutput output) {
		write(this.skills.resolve("small/SKILL.md"), skillMd("small", "A small skill.", "x".repeat(1_000)));

		try (SkillsRegistry registry = registry(1_000)) {
			assertThat(registry.snapshot().load("small").instructions()).isEqualTo("x".repeat(1_000));
		}
		assertThat(output).doesNotContain("max-body-bytes");
	}

	@Test
	void invalidByteIsReplacedWithAWarning(CapturedOutput output) {
		byte[] head = skillMd("broken", "A broken skill.", "a".repeat(100_000)).getBytes(StandardCharsets.UTF_8);
		byte[] file = new byte[head.length + 3];
		System.arraycopy(head, 0, file, 0, head.length);
		file[head.length] = (byte) 0xFF;
		file[head.length + 1] = 'z';
		file[head.length + 2] = '\n';
		write(this.skills.resolve("broken/SKILL.md"), file);

		try (SkillsRegistry registry = registry(SkillConfig.DEFAULT_MAX_BODY_BYTES)) {
			assertThat(registry.names()).containsExactly("broken");
			assertThat(registry.snapshot().load("broken").instructions()).endsWith("a\n\uFFFDz");
		}
		assertThat(output).contains("warning: " + this.skills.resolve("broken/SKILL.md")
				+ ": SKILL.md is not valid UTF-8; invalid bytes were replaced with U+FFFD");
	}

}
