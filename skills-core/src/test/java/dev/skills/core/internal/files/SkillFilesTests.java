package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.folder.SkillFolder;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SkillFilesTests {

	@TempDir
	Path root;

	Path skill;

	@BeforeEach
	void writeSkill() throws IOException {
		this.skill = SkillFixtures.rawSkill(this.root, "bundler",
				"---\nname: bundler\ndescription: Bundles files\n---\nBody\n");
	}

	@Test
	void filesAreListedSortedWithSlashes() throws IOException {
		file("scripts/run.sh");
		file("references/b.md");
		file("references/a.md");
		file("assets/img/logo.svg");
		file("NOTES.txt");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("NOTES.txt", "assets/img/logo.svg",
				"references/a.md", "references/b.md", "scripts/run.sh");
	}

	@Test
	void ownSkillFileIsNotListedNestedOneIs() throws IOException {
		file("skill.md");
		file("examples/demo/SKILL.md");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("examples/demo/SKILL.md");
	}

	@Test
	void hiddenFilesAndFoldersAreNotListed() throws IOException {
		file(".env");
		file(".git/config");
		file("references/.DS_Store");
		file("references/visible.md");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("references/visible.md");
	}

	@Test
	void pycacheAndNodeModulesAreNotListed() throws IOException {
		file("scripts/__pycache__/tool.cpython-312.pyc");
		file("scripts/tool.py");
		file("node_modules/left-pad/index.js");
		file("scripts/node_modules/dep/index.js");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("scripts/tool.py");
	}

	@Test
	void symbolicLinksAreNotFollowed() throws IOException {
		Path outside = Files.createDirectories(this.root.resolve("outside"));
		Path secret = SkillFixtures.file(outside, "secret.txt", "do not list");
		SkillFixtures.file(outside, "nested/deeper.txt", "do not list");
		Files.createSymbolicLink(this.skill.resolve("linked-dir"), outside);
		Files.createSymbolicLink(this.skill.resolve("linked-file.txt"), secret);
		file("references/real.md");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("references/real.md");
	}

	@Test
	void filesBelowEightFolderLevelsAreNotListed() throws IOException {
		file("a/b/c/d/e/f/g/h/deepest-listed.txt");
		file("a/b/c/d/e/f/g/h/i/too-deep.txt");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("a/b/c/d/e/f/g/h/deepest-listed.txt");
	}

	@Test
	void listingStopsAtOneThousandFiles() throws IOException {
		for (int i = 0; i < 1_005; i++) {
			file("data/file-%04d.txt".formatted(i));
		}
		assertThat(SkillFiles.list(this.skill).files()).hasSize(1_000)
			.isSorted()
			.allMatch((path) -> path.startsWith("data/file-"));
	}

	@Test
	void skillWithOnlySkillMdListsNothing() {
		assertThat(SkillFiles.list(this.skill).files()).isEmpty();
	}

	@Test
	void hiddenFileBesideSkillMdListsNothing() throws IOException {
		file(".env");
		assertThat(SkillFiles.list(this.skill)).isSameAs(SkillFolder.Listing.EMPTY);
	}

	@Test
	void fileBesideSkillMdIsListed() throws IOException {
		file("NOTES.txt");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("NOTES.txt");
	}

	@Test
	void folderNamedSkillMdIsWalked() throws IOException {
		Files.delete(this.skill.resolve("SKILL.md"));
		file("skill.md");
		file("SKILL.md/inside.txt");
		assertThat(SkillFiles.list(this.skill).files()).containsExactly("SKILL.md/inside.txt");
	}

	@Test
	void foldsCaseWhenAnotherCaseAnswers() throws IOException {
		file("Notes");
		assertThat(SkillFiles.foldsCase(this.skill, "Notes")).isFalse();
		file("NoteS");
		assertThat(SkillFiles.foldsCase(this.skill, "Notes")).isTrue();
		assertThat(SkillFiles.foldsCase(this.skill, "2024")).isTrue();
	}

	@Test
	void hiddenNamesAndToolCachesAreSkipped() {
		assertThat(SkillFiles.isSkipped(".git")).isTrue();
		assertThat(SkillFiles.isSkipped(".hidden")).isTrue();
		assertThat(SkillFiles.isSkipped("__pycache__")).isTrue();
		assertThat(SkillFiles.isSkipped("node_modules")).isTrue();
		assertThat(SkillFiles.isSkipped("scripts")).isFalse();
		assertThat(SkillFiles.isSkipped("git")).isFalse();
	}

	private void file(String relative) throws IOException {
		SkillFixtures.file(this.skill, relative, relative + "\n");
	}

}
