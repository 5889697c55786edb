package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.Bounds;
import dev.skills.core.Preemptively;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.validate.SkillValidator;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SkillFoldersTests {

	@TempDir
	Path root;

	@Test
	void skillAtDepthSixIsFound() throws IOException {
		Path skill = skill("l1/l2/l3/l4/l5/l6");
		SkillFolders.Scan scan = SkillFolders.find(this.root);
		assertThat(scan.skillDirectories()).containsExactly(skill);
		assertThat(scan.diagnostics()).isEmpty();
	}

	@Test
	void skillAtDepthSevenIsNotFoundWithAWarning() throws IOException {
		skill("l1/l2/l3/l4/l5/l6/l7");
		SkillFolders.Scan scan = SkillFolders.find(this.root);
		assertThat(scan.skillDirectories()).isEmpty();
		assertThat(scan.diagnostics()).containsExactly(SkillDiagnostic.warning(this.root.toString(), null,
				"Folders deeper than 6 levels were not searched for skills (skills.discovery.max-depth)"));
	}

	@Test
	void emptyFoldersAtDepthSixDrawNoWarning() throws IOException {
		Files.createDirectories(this.root.resolve("l1/l2/l3/l4/l5/l6"));
		assertThat(SkillFolders.find(this.root).diagnostics()).isEmpty();
	}

	@Test
	void walkStopsAtFolderLimitWithAWarning() throws IOException {
		Path early = skill("a-skill");
		for (int i = 0; i < 200; i++) {
			Files.createDirectory(this.root.resolve("d%04d".formatted(i)));
		}
		skill("zz-skill");
		SkillFolders.Scan scan = SkillFolders.find(this.root, 6, 200);
		assertThat(scan.skillDirectories()).containsExactly(early);
		assertThat(scan.directories()).isEqualTo(200);
		assertThat(scan.diagnostics()).containsExactly(SkillDiagnostic.warning(this.root.toString(), null,
				"Stopped searching for skills after 200 directories; point the location at a smaller folder "
						+ "or raise the limit (skills.discovery.max-directories)"));
	}

	@Test
	void exactFolderLimitFindsLastSkillQuietly() throws IOException {
		for (int i = 0; i < 198; i++) {
			Files.createDirectory(this.root.resolve("d%04d".formatted(i)));
		}
		Path last = skill("zz-skill");
		SkillFolders.Scan scan = SkillFolders.find(this.root, 6, 200);
		assertThat(scan.skillDirectories()).containsExactly(last);
		assertThat(scan.diagnostics()).isEmpty();
	}

	@Test
	void depthLimitIsConfigurable() throws IOException {
		Path shallow = skill("l1/l2/shallow");
		skill("l1/l2/l3/deep");
		SkillFolders.Scan scan = SkillFolders.find(this.root, 3, 100);
		assertThat(scan.skillDirectories()).containsExactly(shallow);
		assertThat(scan.diagnostics()).containsExactly(SkillDiagnostic.warning(this.root.toString(), null,
				"Folders deeper than 3 levels were not searched for skills (skills.discovery.max-depth)"));
	}

	@Test
	void foldersInsideASkillAreNotVisited() throws IOException {
		Path skill = skill("category/pdf");
		Files.createDirectories(skill.resolve("references/deeper"));
		Files.createDirectories(skill.resolve("scripts"));
		SkillFolders.Scan scan = SkillFolders.find(this.root);
		assertThat(scan.skillDirectories()).containsExactly(skill);
		assertThat(scan.directories()).isEqualTo(3);
	}

	@Test
	void folderNamedLikeSkillFileIsSearched() throws IOException {
		Path inner = skill("SKILL.md/inner");
		assertThat(SkillFolders.find(this.root).skillDirectories()).containsExactly(inner);
	}

	@Test
	void toolAndHiddenFoldersAreSkipped() throws IOException {
		skill(".git/hooks-skill");
		skill("node_modules/some-package");
		skill("__pycache__/cached");
		skill(".hidden/secret");
		skill("tools/.drafts/unfinished");
		Path visible = skill("tools/visible");
		SkillFolders.Scan scan = SkillFolders.find(this.root);
		assertThat(scan.skillDirectories()).containsExactly(visible);
		assertThat(scan.diagnostics()).isEmpty();
	}

	@Test
	void hiddenLocationGivenDirectlyIsSearched() throws IOException {
		Path location = this.root.resolve(".claude/skills");
		Path skill = skill(".claude/skills/reviewer");
		assertThat(SkillFolders.find(location).skillDirectories()).containsExactly(skill);
	}

	@Test
	void skillFolderIsNotSearchedFurther() throws IOException {
		Path outer = skill("template-gallery");
		skill("template-gallery/examples/sample-skill");
		assertThat(SkillFolders.find(this.root).skillDirectories()).containsExactly(outer);
	}

	@Test
	void locationThatIsASkillIsTheOnlySkill() throws IOException {
		Path location = skill("single");
		skill("single/nested");
		assertThat(SkillFolders.find(location).skillDirectories()).containsExactly(location);
	}

	@Test
	void walkIsBreadthFirstSortedByName() throws IOException {
		Path standup = skill("collaboration/standup-digest");
		Path meeting = skill("collaboration/meeting-notes");
		Path top = skill("top-level");
		Path deep = skill("engineering/databases/sql-review");
		assertThat(SkillFolders.find(this.root).skillDirectories()).containsExactly(top, meeting, standup, deep);
	}

	@Test
	void lowerCaseSkillMdMakesASkillFolder() throws IOException {
		Path lower = Files.createDirectories(this.root.resolve("lower"));
		SkillFixtures.file(lower, "skill.md", "---\nname: lower\ndescription: d\n---\n");
		assertThat(SkillFolders.find(this.root).skillDirectories()).containsExactly(lower);
	}

	@Test
	void folderNamedSkillMdDoesNotMakeASkill() throws IOException {
		Files.createDirectories(this.root.resolve("odd/SKILL.md"));
		assertThat(SkillFolders.find(this.root).skillDirectories()).isEmpty();
	}

	@Test
	void missingLocationIsAWarningNotAFailure() {
		Path missing = this.root.resolve("does-not-exist");
		SkillFolders.Scan scan = SkillFolders.find(missing);
		assertThat(scan.skillDirectories()).isEmpty();
		assertThat(scan.diagnostics())
			.containsExactly(SkillDiagnostic.warning(missing.toString(), null, "Skill location does not exist"));
	}

	@Test
	void fileLocationIsAWarning() throws IOException {
		Path file = Files.writeString(this.root.resolve("skills.txt"), "not a folder");
		assertThat(SkillFolders.find(file).diagnostics())
			.containsExactly(SkillDiagnostic.warning(file.toString(), null, "Skill location is not a directory"));
	}

	@Test
	void fifoSkillFilesAreSkippedUnopened() throws Exception {
		Path good = skill("tools/good");
		for (String folder : new String[] { "tools/first", "tools/second" }) {
			Path fifo = Files.createDirectories(this.root.resolve(folder)).resolve("SKILL.md");
			Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
			assertThat(mkfifo.waitFor()).isZero();
		}

		SkillFolders.Scan scan = Preemptively.within(Bounds.HOSTILE_INPUT, () -> SkillFolders.find(this.root));

		assertThat(scan.skillDirectories()).containsExactly(good);
		assertThat(scan.diagnostics()).containsExactly(SkillDiagnostic.warning(this.root.toString(), null,
				"Skipped 2 skill file(s) such as " + this.root.resolve("tools/first/SKILL.md")
						+ ": a FIFO, socket or device is never read; make it a regular file"));
	}

	@Test
	void skillsOnlyInHiddenFoldersAreNamed() throws IOException {
		skill(".curated/pdf");
		skill(".system/nested/csv");
		skill(".git/hooks/not-a-skill");

		SkillFolders.Scan scan = SkillFolders.find(this.root);

		assertThat(scan.skillDirectories()).isEmpty();
		assertThat(scan.diagnostics()).containsExactly(SkillDiagnostic.warning(this.root.toString(), null,
				"No skills found, but the hidden folder(s) .curated, .system hold SKILL.md files; hidden folders "
						+ "are never searched: add one to skills.skills-dir (for example .curated below this location)"));
		assertThat(SkillValidator.validate(this.root, false)).extracting(SkillDiagnostic::message)
			.containsExactly("Missing required file: SKILL.md", scan.diagnostics().get(0).message());
	}

	@Test
	void hiddenBesideVisibleSkillsIsNotReported() throws IOException {
		skill(".curated/pdf");
		Path visible = skill("csv");

		SkillFolders.Scan scan = SkillFolders.find(this.root);

		assertThat(scan.skillDirectories()).containsExactly(visible);
		assertThat(scan.diagnostics()).isEmpty();
	}

	private Path skill(String relative) throws IOException {
		String name = Path.of(relative).getFileName().toString();
		return SkillFixtures.rawSkill(this.root, relative,
				"---\nname: " + name + "\ndescription: Skill " + name + "\n---\n");
	}

}
