package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code readFile} for a skill in a folder on disk, including links.
 */
@ExtendWith(OutputCaptureExtension.class)
class FolderSkillsRegistryReadFileTests extends SkillFileReadsContract {

	@TempDir
	Path root;

	private Path kit;

	private Path outside;

	@Override
	SkillsRegistry createRegistry(SkillConfig config, Map<String, byte[]> skillFiles, Map<String, byte[]> otherFiles) {
		Path skills = this.root.resolve("skills");
		this.kit = skills.resolve("kit");
		skillFiles.forEach((path, content) -> SkillFixtures.write(this.kit.resolve(path), content));
		otherFiles.forEach((path, content) -> SkillFixtures.write(skills.resolve("other").resolve(path), content));
		this.outside = this.root.resolve("outside");
		SkillFixtures.write(this.outside.resolve("secret.txt"), "outside secret\n");
		SkillsRegistry registry = new SkillsRegistry(config);
		registry.discover(List.of(skills.toString()));
		return registry;
	}

	@Test
	void fileLinkingOutsideIsRejected() throws Exception {
		Files.createSymbolicLink(this.kit.resolve("leak.txt"), this.outside.resolve("secret.txt"));

		assertRejected("leak.txt");
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> read("leak.txt"))
			.withMessage("Cannot read 'leak.txt' from skill 'kit': it links outside the skill folder.");
	}

	@Test
	void folderLinkingOutsideIsRejected() throws Exception {
		Files.createSymbolicLink(this.kit.resolve("references"), this.outside);

		assertRejected("references/secret.txt");
		assertRejected("references");
	}

	@Test
	void linkToOtherSkillIsRejected() throws Exception {
		Files.createSymbolicLink(this.kit.resolve("sibling.txt"), this.root.resolve("skills/other/secret.txt"));

		assertRejected("sibling.txt");
	}

	@Test
	void danglingLinkIsNotFoundSafely() throws Exception {
		Files.createSymbolicLink(this.kit.resolve("dangling.txt"), this.outside.resolve("nothing-here.txt"));

		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> read("dangling.txt"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.NOT_FOUND))
			.withMessageStartingWith("Skill 'kit' has no file 'dangling.txt'. Its files: ")
			.withMessageNotContaining(this.root.toString());
	}

	@Test
	void linkInsideTheSkillIsRead() throws Exception {
		Files.createSymbolicLink(this.kit.resolve("alias.txt"), this.kit.resolve("notes.txt"));
		Files.createSymbolicLink(this.kit.resolve("tools"), Path.of("scripts"));

		assertThat(read("alias.txt")).isEqualTo("Hello from the notes.\n");
		assertThat(read("tools/run.py")).isEqualTo("print('run')\n");
	}

	@Test
	void linkedSkillFolderIsSkippedWithWarning(CapturedOutput output) throws Exception {
		Path linkedLocation = this.root.resolve("linked");
		Files.createDirectories(linkedLocation);
		Files.createSymbolicLink(linkedLocation.resolve("kit"), this.kit);
		SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build());
		registry.discover(List.of(linkedLocation.toString()));

		assertThat(registry.names()).isEmpty();
		assertThat(registry.diagnostics()).singleElement()
			.satisfies(
					(diagnostic) -> assertThat(diagnostic.message()).startsWith("Skipped 1 linked folder(s) such as "));
		assertThat(output).contains("Skipped 1 linked folder(s) such as ");
	}

	@Test
	void linkedSkillLocationIsRead(CapturedOutput output) throws Exception {
		Path link = Files.createSymbolicLink(this.root.resolve("kit-link"), this.kit);
		SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build());
		registry.discover(List.of(link.toString()));

		assertThat(registry.snapshot().files("kit")).contains("notes.txt", "scripts/run.py");
		assertThat(registry.snapshot().readFile("kit", "notes.txt", 100)).isEqualTo("Hello from the notes.\n");
		assertThat(output).contains("Directory name 'kit-link' must match skill name 'kit'");
	}

	@Test
	void missesAndFoldersDoNotWalkAgain() throws Exception {
		Path notes = this.kit.resolve("notes.txt");
		for (int i = 0; i < 300; i++) {
			Files.createDirectories(this.kit.resolve("empty/e%03d".formatted(i)));
		}
		SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build());
		registry.discover(List.of(this.root.resolve("skills").toString()));
		Files.writeString(this.kit.resolve("added-since.txt"), "not listed yet");

		// The answers come from the listing the writer made when it read the skill (cut
		// at SkillFiles.MAX_FOLDERS folders), not from a walk of the skill per call.
		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> registry.snapshot().readFile("kit", "missing.txt"))
			.withMessageNotContaining("added-since.txt")
			.withMessageContaining("notes.txt");
		assertThat(registry.snapshot().readFile("kit", "")).doesNotContain("added-since.txt");
		assertThat(registry.snapshot().readFile("kit", "added-since.txt")).isEqualTo("not listed yet");
		assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message)
			.contains(SkillFiles.listingCutMessage());
		assertThat(Files.exists(notes)).isTrue();
	}

	@Test
	void longAndBidiNamesStayBoundedAndEscaped() throws Exception {
		Files.createDirectories(this.kit.resolve("long"));
		for (int i = 0; i < 40; i++) {
			Files.writeString(this.kit.resolve("long/%02d-%s\u202Eexe.txt".formatted(i, "n".repeat(240))), "x");
		}
		SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build());
		registry.discover(List.of(this.root.resolve("skills").toString()));

		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> registry.snapshot().readFile("kit", "missing.txt"))
			.satisfies((ex) -> assertThat(ex.getMessage()).hasSizeLessThan(2_500)
				.doesNotContain("\u202E")
				.contains(" more."));
		assertThat(registry.snapshot().readFile("kit", "long")).hasSizeLessThan(21_000).doesNotContain("\u202E");
	}

}
