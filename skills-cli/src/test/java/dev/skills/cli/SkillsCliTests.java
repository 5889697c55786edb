package dev.skills.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsCliTests {

	private static final Path SKILLS = Path.of("src/test/resources/skills");

	private final StringWriter out = new StringWriter();

	private final StringWriter err = new StringWriter();

	private int run(String... args) {
		CommandLine commandLine = SkillsCli.commandLine();
		commandLine.setOut(new PrintWriter(this.out));
		commandLine.setErr(new PrintWriter(this.err));
		return commandLine.execute(args);
	}

	@Test
	void validateValidSkillPrintsValidSkillAndExitsZero() {
		Path skill = SKILLS.resolve("pdf-processing");
		assertThat(run("validate", skill.toString())).isZero();
		assertThat(this.out.toString()).isEqualTo("Valid skill: " + skill + System.lineSeparator());
	}

	@Test
	void validateSkillFileValidatesItsFolder() {
		Path skillFile = SKILLS.resolve("pdf-processing/SKILL.md");
		assertThat(run("validate", skillFile.toString())).isZero();
		assertThat(this.out.toString()).startsWith("Valid skill: " + SKILLS.resolve("pdf-processing"));
	}

	@Test
	void validateInvalidSkillListsEveryErrorAndExitsOne() {
		Path skill = SKILLS.resolve("bad-skill");
		assertThat(run("validate", skill.toString())).isEqualTo(1);
		assertThat(this.out.toString().lines()).containsExactly("Validation failed for " + skill + ":",
				"  - error: Unexpected fields in frontmatter: version. Only [allowed-tools, compatibility, description, "
						+ "license, metadata, name] are allowed.",
				"  - error: Skill name 'Bad_Skill' must be lowercase",
				"  - error: Skill name 'Bad_Skill' contains invalid characters. Only letters, digits, and hyphens are "
						+ "allowed.",
				"  - error: Directory name 'bad-skill' must match skill name 'Bad_Skill'");
	}

	@Test
	void validateExtensionFieldIsAnErrorUnlessExtensionsAreAllowed() {
		Path skill = SKILLS.resolve("code-review");
		assertThat(run("validate", skill.toString())).isEqualTo(1);
		assertThat(this.out.toString()).contains("  - error: Unexpected fields in frontmatter: when_to_use.");
	}

	@Test
	void validateWithAllowedExtensionsPrintsWarningsUnderAValidSkill() {
		Path skill = SKILLS.resolve("code-review");
		assertThat(run("validate", "--allow-extensions", skill.toString())).isZero();
		assertThat(this.out.toString().lines()).containsExactly("Valid skill: " + skill,
				"  - warning: Field 'when_to_use' is an extension outside the specification",
				"  - warning: Referenced file does not exist: references/CHECKLIST.md");
	}

	@Test
	void validateFolderOfSkillsValidatesEachSkillAndFailsIfAnyFails() {
		assertThat(run("validate", SKILLS.toString())).isEqualTo(1);
		assertThat(this.out.toString()).contains("Validation failed for " + SKILLS.resolve("bad-skill") + ":")
			.contains("Validation failed for " + SKILLS.resolve("code-review") + ":")
			.contains("Valid skill: " + SKILLS.resolve("pdf-processing"));
	}

	@Test
	void validateMissingPathReportsThatItDoesNotExist(@TempDir Path dir) {
		Path missing = dir.resolve("nope");
		assertThat(run("validate", missing.toString())).isEqualTo(1);
		assertThat(this.out.toString()).contains("  - error: Path does not exist: " + missing);
	}

	@Test
	void validateWithoutPathIsAUsageError() {
		assertThat(run("validate")).isEqualTo(2);
		assertThat(this.err.toString()).contains("Missing required parameter: 'PATH'");
	}

	@Test
	void noCommandIsAUsageError() {
		assertThat(run()).isEqualTo(2);
		assertThat(this.err.toString()).contains("Missing command");
	}

	@Test
	void validateJsonFormatPrintsOneArrayWithPathNameValidityAndDiagnostics() {
		assertThat(run("validate", "--format", "json", SKILLS.resolve("bad-skill").toString(),
				SKILLS.resolve("pdf-processing").toString()))
			.isEqualTo(1);
		JsonNode reports = JsonMapper.builder().build().readTree(this.out.toString());
		assertThat(reports.isArray()).isTrue();
		assertThat(reports.size()).isEqualTo(2);
		JsonNode bad = reports.get(0);
		assertThat(bad.get("path").asString()).isEqualTo(SKILLS.resolve("bad-skill").toString());
		assertThat(bad.get("name").asString()).isEqualTo("Bad_Skill");
		assertThat(bad.get("valid").asBoolean()).isFalse();
		assertThat(bad.get("diagnostics").get(1).get("severity").asString()).isEqualTo("error");
		assertThat(bad.get("diagnostics").get(1).get("message").asString())
			.isEqualTo("Skill name 'Bad_Skill' must be lowercase");
		JsonNode good = reports.get(1);
		assertThat(good.get("name").asString()).isEqualTo("pdf-processing");
		assertThat(good.get("valid").asBoolean()).isTrue();
		assertThat(good.get("diagnostics").size()).isZero();
	}

	@Test
	void catalogPrintsTheLoadableSkillsAndReportsBrokenOnesOnStderr(@TempDir Path dir) throws IOException {
		write(dir.resolve("alpha/SKILL.md"), "---\nname: alpha\ndescription: First <skill> & more\n---\nA\n");
		write(dir.resolve("broken/SKILL.md"), "no frontmatter here\n");
		assertThat(run("catalog", dir.toString())).isZero();
		assertThat(this.out.toString()).isEqualTo("<available_skills>\n"
				+ "<skill><name>alpha</name><description>First &lt;skill&gt; &amp; more</description></skill>\n"
				+ "</available_skills>" + System.lineSeparator());
		assertThat(this.err.toString())
			.contains("error: " + dir.resolve("broken/SKILL.md") + ": SKILL.md must start with YAML frontmatter (---)");
	}

	@Test
	void catalogOfAFolderWithoutSkillsPrintsAnEmptyBlock(@TempDir Path dir) {
		assertThat(run("catalog", dir.toString())).isZero();
		assertThat(this.out.toString()).isEqualTo("<available_skills>\n</available_skills>" + System.lineSeparator());
	}

	@Test
	void propertiesPrintsTheParsedFrontmatterAsJson() {
		assertThat(run("properties", SKILLS.resolve("pdf-processing").toString())).isZero();
		JsonNode properties = JsonMapper.builder().build().readTree(this.out.toString());
		assertThat(properties.get("name").asString()).isEqualTo("pdf-processing");
		assertThat(properties.get("allowed-tools").asString()).isEqualTo("Bash(python3:*) Read");
		assertThat(properties.get("metadata").get("version").asString()).isEqualTo("1.0");
	}

	@Test
	void propertiesOfAFolderWithoutSkillFileFails(@TempDir Path dir) {
		assertThat(run("properties", dir.toString())).isEqualTo(1);
		assertThat(this.err.toString()).contains("SKILL.md not found in " + dir);
	}

	@Test
	void propertiesOfAFolderOfSkillsPrintsAnArrayWithEverySkill(@TempDir Path dir) throws IOException {
		write(dir.resolve("alpha/SKILL.md"), "---\nname: alpha\ndescription: First.\n---\nA\n");
		write(dir.resolve("group/beta/SKILL.md"), "---\nname: beta\ndescription: Second.\n---\nB\n");

		assertThat(run("properties", dir.toString())).isZero();

		JsonNode all = JsonMapper.builder().build().readTree(this.out.toString());
		assertThat(all.isArray()).isTrue();
		assertThat(all.findValuesAsString("name")).containsExactlyInAnyOrder("alpha", "beta");
	}

	@Test
	void formatIsCaseInsensitive() {
		assertThat(run("validate", "--format", "JSON", SKILLS.resolve("pdf-processing").toString())).isZero();
		assertThat(JsonMapper.builder().build().readTree(this.out.toString()).get(0).get("name").asString())
			.isEqualTo("pdf-processing");
	}

	@Test
	void jsonNameIsTheParsedNameEvenWhenTheSkillCannotBeLoaded(@TempDir Path dir) throws IOException {
		write(dir.resolve("folder/SKILL.md"), "---\nname: real-name\n---\nNo description.\n");

		assertThat(run("validate", "--format", "json", dir.resolve("folder").toString())).isEqualTo(1);

		assertThat(JsonMapper.builder().build().readTree(this.out.toString()).get(0).get("name").asString())
			.isEqualTo("real-name");
	}

	@Test
	void validateSuggestsQuotingAValueThatBreaksTheYaml(@TempDir Path dir) throws IOException {
		write(dir.resolve("triage/SKILL.md"),
				"---\nname: triage\ndescription: Use when: the user pastes a changelog\n---\nSort it.\n");

		assertThat(run("validate", dir.resolve("triage").toString())).isEqualTo(1);

		assertThat(this.out.toString()).contains("Quote the value of description (for example description: "
				+ "\"Use when: ...\"); runtimes read it only after quoting it");
	}

	private static void write(Path file, String content) throws IOException {
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
	}

}
