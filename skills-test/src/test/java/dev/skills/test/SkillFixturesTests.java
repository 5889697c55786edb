package dev.skills.test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SkillFixturesTests {

	@TempDir
	Path root;

	@Test
	void whenSkillIsWrittenThenTheFolderHoldsItsSkillMd() throws Exception {
		Path folder = SkillFixtures.skill(this.root, "pdf-forms", "Fills PDF forms.", "Use pypdf.");
		assertThat(folder).isEqualTo(this.root.resolve("pdf-forms"));
		assertThat(Files.readString(folder.resolve("SKILL.md")))
			.isEqualTo("---\nname: pdf-forms\ndescription: Fills PDF forms.\n---\nUse pypdf.\n");
	}

	@Test
	void whenOnlyANameIsGivenThenDescriptionAndBodyAreDerivedFromIt() throws Exception {
		Path folder = SkillFixtures.skill(this.root, "charts");
		assertThat(Files.readString(folder.resolve("SKILL.md")))
			.isEqualTo("---\nname: charts\ndescription: Does charts things.\n---\nInstructions of charts.\n");
	}

	@Test
	void whenFrontmatterIsGivenThenItFollowsNameAndDescription() throws Exception {
		Path folder = SkillFixtures.skillWithFrontmatter(this.root, "reader", "allowed-tools: Read Grep", "Only read.");
		assertThat(Files.readString(folder.resolve("SKILL.md"))).isEqualTo(
				"---\nname: reader\ndescription: Does reader things.\nallowed-tools: Read Grep\n---\nOnly read.\n");
	}

	@Test
	void whenRawSkillIsNestedThenItsFoldersAreCreatedAndTheTextIsKeptAsIs() throws Exception {
		Path folder = SkillFixtures.rawSkill(this.root, "team/.curated/odd", "no frontmatter at all");
		assertThat(folder).isEqualTo(this.root.resolve("team/.curated/odd"));
		assertThat(Files.readString(folder.resolve("SKILL.md"))).isEqualTo("no frontmatter at all");
	}

	@Test
	void whenFileIsWrittenThenItIsUtf8UnderTheSkillFolder() throws Exception {
		Path folder = SkillFixtures.skill(this.root, "größe");
		Path file = SkillFixtures.file(folder, "references/ü.md", "Ünïcode");
		assertThat(file).isEqualTo(folder.resolve("references/ü.md"));
		assertThat(Files.readAllBytes(file)).isEqualTo("Ünïcode".getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void whenBytesAreWrittenThenTheyAreKeptExactly() throws Exception {
		byte[] bytes = { 0, (byte) 0xff, 10 };
		Path file = SkillFixtures.write(this.root.resolve("a/b/blob.bin"), bytes);
		assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
	}

	@Test
	void whenWritingFailsThenTheErrorIsUnchecked() throws Exception {
		Path blocker = SkillFixtures.write(this.root.resolve("plain-file"), "not a folder");
		assertThatExceptionOfType(java.io.UncheckedIOException.class)
			.isThrownBy(() -> SkillFixtures.skill(blocker, "inside"));
	}

}
