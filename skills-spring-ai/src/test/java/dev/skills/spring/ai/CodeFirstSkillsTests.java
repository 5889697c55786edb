package dev.skills.spring.ai;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.skills.core.Skill;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillNotFoundException;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The code-first API as its users expect it: skills made in code, forgiving loading of a
 * file the caller chose, name resolution, and the instructions block.
 */
@ExtendWith(OutputCaptureExtension.class)
class CodeFirstSkillsTests {

	@TempDir
	Path root;

	@Test
	void aMissingSkillFileIsASkillNotFoundExceptionNamingThePath() {
		Path missing = this.root.resolve("nope");

		assertThatExceptionOfType(SkillNotFoundException.class).isThrownBy(() -> Skills.load(missing))
			.withMessage("skill file not found: " + missing);
		assertThatExceptionOfType(SkillNotFoundException.class)
			.isThrownBy(() -> Skills.load(missing.resolve("SKILL.md")))
			.withMessage("skill file not found: " + missing.resolve("SKILL.md"));
	}

	@Test
	void aFileWithoutFrontmatterLoadsNamedAfterItsFolderWithAWarning(CapturedOutput output) {
		Path folder = SkillFixtures.write(this.root.resolve("plain-notes/SKILL.md"), "# Notes\n\nJust instructions.\n")
			.getParent();

		Skill skill = Skills.load(folder);

		assertThat(skill.name()).isEqualTo("plain-notes");
		assertThat(skill.description()).isEmpty();
		assertThat(skill.instructions()).isEqualTo("# Notes\n\nJust instructions.");
		assertThat(skill.path()).contains(folder);
		assertThat(output).contains(
				"SKILL.md has no frontmatter; using the directory name 'plain-notes' and an " + "empty description");
	}

	@Test
	void aFileWithoutDescriptionLoadsWithAnEmptyDescriptionAndAWarning(CapturedOutput output) {
		Path file = SkillFixtures.write(this.root.resolve("terse/SKILL.md"), "---\nname: terse\n---\nDo it.\n");

		Skill skill = Skills.load(file);

		assertThat(skill.name()).isEqualTo("terse");
		assertThat(skill.description()).isEmpty();
		assertThat(skill.instructions()).isEqualTo("Do it.");
		assertThat(output).contains("Missing required field in frontmatter: description; using an empty description");
	}

	@Test
	void anEmptyDescriptionLoadsAsEmptyWithAWarning(CapturedOutput output) {
		Path file = SkillFixtures.write(this.root.resolve("blank/SKILL.md"),
				"---\nname: blank\ndescription: \"\"\n---\nDo it.\n");

		Skill skill = Skills.load(file);

		assertThat(skill.name()).isEqualTo("blank");
		assertThat(skill.description()).isEmpty();
		assertThat(output).contains("Field 'description' is empty; using an empty description");
	}

	@Test
	void aFrontmatterThatIsNotAMappingLoadsNamedAfterItsFolderWithAWarning(CapturedOutput output) {
		Path file = SkillFixtures.write(this.root.resolve("listed/SKILL.md"), "---\n- one\n- two\n---\nThe steps.\n");

		Skill skill = Skills.load(file);

		assertThat(skill.name()).isEqualTo("listed");
		assertThat(skill.description()).isEmpty();
		assertThat(skill.instructions()).isEqualTo("The steps.");
		assertThat(output).contains("SKILL.md frontmatter is not a YAML mapping; using the directory name 'listed' "
				+ "and an empty description");
	}

	@Test
	void aNameWithASpaceLoadsAsWrittenWithDiagnostics(CapturedOutput output) {
		Path file = SkillFixtures.write(this.root.resolve("apify-automation/SKILL.md"),
				"---\nname: Apify Automation\ndescription: Runs Apify actors.\n---\nRun it.\n");

		Skill skill = Skills.load(file);

		assertThat(skill.name()).isEqualTo("Apify Automation");
		assertThat(output).contains("Skill name 'Apify Automation' contains whitespace; kept as written")
			.contains("must be lowercase");
	}

	@Test
	void aNameWithASlashLoadsWithAWarning(CapturedOutput output) {
		Path file = SkillFixtures.write(this.root.resolve("sneaky/SKILL.md"),
				"---\nname: team/pdf\ndescription: Works with PDFs.\n---\nDo it.\n");

		Skill skill = Skills.load(file);

		assertThat(skill.name()).isEqualTo("team/pdf");
		assertThat(skill.instructions()).isEqualTo("Do it.");
		assertThat(output).contains("Skill name 'team/pdf' contains a path separator; kept as written because this "
				+ "file was loaded directly");
	}

	@Test
	void listValuedFieldsAreReadAsPythonStr(CapturedOutput output) {
		Path file = SkillFixtures.write(this.root.resolve("listed/SKILL.md"),
				"---\nname: [pdf, forms]\ndescription: [Fill forms, \"it's quick\"]\n---\nFill.\n");

		Skill skill = Skills.load(file);

		assertThat(skill.name()).isEqualTo("['pdf', 'forms']");
		assertThat(skill.description()).isEqualTo("['Fill forms', \"it's quick\"]");
		assertThat(output).contains("Field 'name' is not a string; read as '['pdf', 'forms']'")
			.contains("Field 'description' is not a string; read as");
	}

	@Test
	void aControlCharacterInTheNameLoadsWithAWarning(CapturedOutput output) {
		Path file = SkillFixtures.write(this.root.resolve("bell/SKILL.md"),
				"---\nname: \"bell\\a\"\ndescription: Rings.\n---\nRing.\n");

		Skill skill = Skills.load(file);

		assertThat(skill.name()).isEqualTo("bell\u0007");
		assertThat(output).contains("contains the control or format character U+0007; kept as written");
	}

	@Test
	void theRegistrySkipsASlashOrControlCharacter() {
		SkillFixtures.write(this.root.resolve("sneaky/SKILL.md"),
				"---\nname: ../etc\ndescription: Escapes.\n---\nNo.\n");
		SkillFixtures.write(this.root.resolve("bell/SKILL.md"),
				"---\nname: \"bell\\a\"\ndescription: Rings.\n---\nR.\n");
		SkillFixtures.skill(this.root, "fine");

		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			assertThat(registry.snapshot().names()).containsExactly("fine");
		}
	}

	@Test
	void theRegistryStillSkipsWhatSkillsLoadTolerates() {
		SkillFixtures.write(this.root.resolve("blank/SKILL.md"), "---\nname: blank\ndescription: \"\"\n---\nDo it.\n");
		SkillFixtures.write(this.root.resolve("listed/SKILL.md"), "---\n- one\n---\nThe steps.\n");
		SkillFixtures.write(this.root.resolve("apify-automation/SKILL.md"),
				"---\nname: Apify Automation\ndescription: Runs Apify actors.\n---\nRun it.\n");
		SkillFixtures.skill(this.root, "fine");

		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			assertThat(registry.snapshot().names()).containsExactly("fine");
			assertThat(registry.diagnostics()).filteredOn(SkillDiagnostic::isError)
				.extracting(SkillDiagnostic::message)
				.anySatisfy((message) -> assertThat(message).contains("must be a non-empty string"))
				.anySatisfy((message) -> assertThat(message).isEqualTo("SKILL.md frontmatter must be a YAML mapping"))
				.anySatisfy(
						(message) -> assertThat(message).contains("name contains whitespace; the skill is skipped"));
		}
	}

	@Test
	@SuppressWarnings("removal")
	void theDeprecatedBodyAccessorReturnsTheInstructions() {
		Skill skill = Skill.of("greeter", "Greets people.", "Say hello.");

		assertThat(skill.body()).isEqualTo(skill.instructions()).isEqualTo("Say hello.");
	}

	@Test
	void aSkillMadeInCodeHasNoPath() {
		Skill skill = Skill.of("greeter", "Greets people.", "Say hello.");

		assertThat(skill.name()).isEqualTo("greeter");
		assertThat(skill.description()).isEqualTo("Greets people.");
		assertThat(skill.instructions()).isEqualTo("Say hello.");
		assertThat(skill.path()).isEmpty();
		assertThat(skill.files()).isEmpty();
	}

	@Test
	void theBuilderSetsTheFieldsBeyondNameDescriptionAndInstructions() {
		Skill skill = Skill.builder("git-helper", "Helps with git.")
			.instructions("Use git.")
			.whenToUse("the user mentions a commit")
			.allowedTools("Bash(git:*)", "Read")
			.disallowedTools("WebFetch")
			.builtin(true)
			.build();

		assertThat(skill.meta().whenToUse()).isEqualTo("the user mentions a commit");
		assertThat(skill.meta().allowedTools()).containsExactly("Bash(git:*)", "Read");
		assertThat(skill.meta().disallowedTools()).containsExactly("WebFetch");
		assertThat(skill.meta().builtin()).isTrue();
		assertThat(Skill.builder("open", "No limits.").build().meta().allowedTools()).isNull();
		assertThatIllegalArgumentException().isThrownBy(() -> Skill.of(" ", "d", "i"));
	}

	@Test
	void aSkillReadFromAJarHasNoPath() {
		SkillMeta meta = new SkillMeta("kit", "A kit.", null, null, Map.of(), null, List.of(), null, List.of(),
				List.of(), 0, "jar:file:/libs/kit.jar!/META-INF/skills/kit/SKILL.md",
				"jar:file:/libs/kit.jar!/META-INF/skills/kit/", Map.of(), false);

		assertThat(new Skill(meta, "Use the kit.", List.of()).path()).isEmpty();
	}

	@Test
	void bareNamesAreLookedUpInTheSkillsFolderOfTheWorkingDirectoryByDefault() throws IOException {
		Path skills = Skills.DEFAULT_SKILL_DIR;
		boolean created = !Files.exists(skills);
		String name = "code-first-" + ProcessHandle.current().pid();
		try {
			SkillFixtures.skill(skills, name);

			assertThat(Skills.resolve(List.of(name, "skill-authoring"))).extracting(Skill::name)
				.containsExactly(name, "skill-authoring");
		}
		finally {
			FileSystemUtils.deleteRecursively(created ? skills : skills.resolve(name));
		}
		assertThat(skills).isEqualTo(Path.of("skills"));
	}

	@Test
	void aPathEntryThatIsNoFileOrFolderIsANameInTheSkillDirThenACoreSkill() {
		SkillFixtures.skill(this.root, "triage-" + ProcessHandle.current().pid());
		Path missing = Path.of("triage-" + ProcessHandle.current().pid());
		assertThat(missing).doesNotExist();

		assertThat(Skills.resolve(List.of(missing, Path.of("skill-authoring")), this.root)).extracting(Skill::name)
			.containsExactly(missing.toString(), "skill-authoring");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Skills.resolve(List.of(Path.of("no-such-skill")), this.root))
			.withMessage("skill not found: no-such-skill");
	}

	@Test
	void aPathToAFileThatDoesNotEndInMdIsLoadedAsAPathNotLookedUpAsAName() {
		Path file = SkillFixtures.write(this.root.resolve("drafts/release.txt"),
				"---\nname: release-notes\ndescription: Writes release notes.\n---\nList the changes.\n");

		List<Skill> skills = Skills.resolve(List.of(file.toString(), file), this.root.resolve("elsewhere"));

		assertThat(skills).extracting(Skill::name).containsExactly("release-notes", "release-notes");
	}

	@Test
	void anEntryThatIsNoSkillNamesItself() {
		assertThatIllegalArgumentException().isThrownBy(() -> Skills.resolve(List.of("no-such-skill"), this.root))
			.withMessage("skill not found: no-such-skill");
	}

	@Test
	void instructionsSkipSkillsWithoutInstructionsAndKeepDescriptionsAsWritten() {
		List<Skill> skills = List.of(Skill.of("empty", "Has nothing to say.", ""),
				Skill.of("quiet", "", "Work quietly."), Skill.of("loud", "  Speaks up.  ", "Shout."));

		assertThat(Skills.instructions(skills)).isEqualTo("""
				### Skill: quiet

				Work quietly.

				### Skill: loud —   Speaks up.\s\s

				Shout.""");
	}

}
