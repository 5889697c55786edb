package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import dev.skills.core.internal.files.SkillFiles.SkillFile;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SkillFilesFindTests {

	@TempDir
	Path folder;

	// The lookup, and the cheaper question of whether there is a skill file, which must
	// agree with it.
	private SkillFile find() {
		SkillFile found = SkillFiles.find(this.folder);
		assertThat(SkillFiles.holdsSkillFile(this.folder)).isEqualTo(found != null);
		return found;
	}

	@Test
	void plainSkillMdIsFoundWithAttributes() throws IOException {
		Path file = SkillFixtures.file(this.folder, "SKILL.md", "---\n");
		SkillFile found = find();
		assertThat(found.path()).isEqualTo(file);
		assertThat(found.plainFile().fileKey())
			.isEqualTo(Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey());
	}

	@Test
	void linkIsFoundWithoutAttributes() throws IOException {
		Path target = SkillFixtures.file(this.folder, "real.md", "---\n");
		Path link = Files.createSymbolicLink(this.folder.resolve("SKILL.md"), target);
		SkillFile found = find();
		assertThat(found.path()).isEqualTo(link);
		assertThat(found.plainFile()).isNull();
	}

	@Test
	void lowerCaseIsFoundBesideSkillMdFolder() throws IOException {
		Files.createDirectories(this.folder.resolve("SKILL.md"));
		Path lower = SkillFixtures.file(this.folder, "skill.md", "---\n");
		assertThat(find().path()).isEqualTo(lower);
	}

	@Test
	void folderWithoutASkillFileHasNone() throws IOException {
		Files.createDirectories(this.folder.resolve("SKILL.md"));
		Files.createSymbolicLink(this.folder.resolve("skill.md"), this.folder.resolve("SKILL.md"));
		SkillFixtures.file(this.folder, "README.md", "# Not a skill\n");
		assertThat(find()).isNull();
	}

	@Test
	void otherCaseBesideSkillMdListingDecides() throws IOException {
		Path file = SkillFixtures.file(this.folder, "SKILL.md", "---\n");
		SkillFixtures.file(this.folder, "SKILL.mD", "---\n");
		SkillFile found = find();
		assertThat(found.path()).isEqualTo(file);
		assertThat(found.plainFile()).isNotNull();
	}

	@Test
	void otherCaseBesideLowerCaseListingDecides() throws IOException {
		Path file = SkillFixtures.file(this.folder, "skill.md", "---\n");
		SkillFixtures.file(this.folder, "skill.mD", "---\n");
		assertThat(find().path()).isEqualTo(file);
	}

	@Test
	void nameInAnotherCaseAloneIsNoSkillFile() throws IOException {
		SkillFixtures.file(this.folder, "SKILL.mD", "---\n");
		SkillFixtures.file(this.folder, "Skill.md", "---\n");
		assertThat(find()).isNull();
	}

}
