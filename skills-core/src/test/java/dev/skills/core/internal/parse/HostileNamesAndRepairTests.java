package dev.skills.core.internal.parse;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.Bounds;
import dev.skills.core.Preemptively;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import dev.skills.core.registry.SkillsRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Names that would look like other text in a terminal, a catalog or a log are refused;
 * names are compared after NFKC; the lenient repair takes linear time whatever a line
 * holds.
 */
@ExtendWith(OutputCaptureExtension.class)
class HostileNamesAndRepairTests {

	@TempDir
	Path skills;

	private static SkillReadResult read(String name) {
		String content = "---\nname: \"" + name + "\"\ndescription: A skill.\n---\nBody.\n";
		return SkillLoader.readMeta(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), "x/SKILL.md",
				"x", "x");
	}

	@ParameterizedTest
	@ValueSource(strings = { "pdf\\e[31m", "pdf\\u202Egnp", "pd\\u200Bf", "pdf\\u2066x", "pdf\\u0007", "\\uFEFFpdf" })
	void controlCharacterInNameIsAnError(String name) {
		SkillReadResult result = read(name);

		assertThat(result.meta()).isNull();
		assertThat(result.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isTrue();
			assertThat(diagnostic.message()).contains("contains the control or format character U+")
				.endsWith("; the skill is skipped")
				.doesNotContain("\u001B")
				.doesNotContain("\u202E")
				.doesNotContain("\u200B");
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "\u2025\uFF0F\u2025\uFF0Fetc", "a\uFF3Cb", "\u2025", "pdf\u00A0forms" })
	void nfkcSeparatorInNameIsSkipped(String name) {
		SkillReadResult result = read(name);

		assertThat(result.meta()).isNull();
		assertThat(result.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isTrue();
			assertThat(diagnostic.message()).contains("(read as '").endsWith("; the skill is skipped");
		});
	}

	@Test
	void nameOver256CharsIsSkippedBriefly() {
		SkillReadResult immense = read("a".repeat(32_767));
		SkillReadResult longest = read("a".repeat(256));

		assertThat(immense.meta()).isNull();
		assertThat(immense.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isTrue();
			assertThat(diagnostic.message()).isEqualTo(
					"Skill name '" + "a".repeat(40) + "...' is 32767 characters long, over 256; the skill is skipped");
		});
		assertThat(longest.meta()).isNotNull();
	}

	@Test
	void nfkcExpansionOver256IsSkipped() {
		// U+FDFA is one character that NFKC turns into 18.
		SkillReadResult result = read("\uFDFA".repeat(20));

		assertThat(result.meta()).isNull();
		assertThat(result.diagnostics()).singleElement()
			.satisfies((diagnostic) -> assertThat(diagnostic.message()).contains("characters long, over 256"));
	}

	@Test
	void nfkcTwinNamesShadowEachOther(CapturedOutput output) throws Exception {
		writeSkill("beta", "beta");
		writeSkill("wide", "\uFF42\uFF45\uFF54\uFF41");

		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.skills.toString()).build())) {
			assertThat(registry.names()).containsExactly("beta");
			assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message)
				.contains("Skill name 'ｂｅｔａ' is read as 'beta' (NFKC normalisation)")
				.anySatisfy((message) -> assertThat(message).startsWith("Skill 'beta' is shadowed by "));
		}
		assertThat(output).contains("Skill name 'ｂｅｔａ' is read as 'beta' (NFKC normalisation)");
	}

	@Test
	void repairOfBlankFloodIsLinear() {
		String content = "---\nname: slow\ndescription: a: " + " ".repeat(60_000) + "b\n---\nBody.\n";

		Frontmatter frontmatter = Preemptively.within(Bounds.HOSTILE_INPUT,
				() -> FrontmatterParser.parse(content, ReadPolicy.CATALOG));

		assertThat(frontmatter.fields().get("description")).isEqualTo("a: " + " ".repeat(60_000) + "b");
		assertThat(frontmatter.repairedKeys()).containsExactly("description");
	}

	private void writeSkill(String folder, String name) throws Exception {
		Path directory = Files.createDirectories(this.skills.resolve(folder));
		Files.writeString(directory.resolve("SKILL.md"),
				"---\nname: " + name + "\ndescription: A skill.\n---\nBody.\n");
	}

}
