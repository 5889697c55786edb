package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import dev.skills.core.source.SkillSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Discovery opens each {@code SKILL.md} against the attributes its walk read: when the
 * file changed in between, it is checked afresh, so a save is read and a link or a folder
 * swapped in is refused as before.
 */
class ListedSkillFileTests {

	@TempDir
	Path root;

	private final FileReads reads = new FileReads();

	private Path skillFile;

	@AfterEach
	void closeReads() {
		this.reads.close();
	}

	private SkillSource listedSource() throws IOException {
		this.skillFile = this.root.resolve("skills/alpha/SKILL.md");
		Files.createDirectories(this.skillFile.getParent());
		Files.writeString(this.skillFile, "---\nname: alpha\ndescription: Before.\n---\n");
		SkillFolders.Scan scan = SkillFolders.find(this.root.resolve("skills"));
		SkillFiles.SkillFile found = scan.skillFiles().get(0);
		assertThat(found.path()).isEqualTo(this.skillFile);
		assertThat(found.plainFile()).isNotNull();
		return FolderSkillSource.of(found, false, this.reads);
	}

	private static String read(SkillSource source) throws IOException {
		try (SkillSource.OpenSkillFile file = source.openSkill()) {
			return new String(file.stream().readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	@Test
	void whenTheFileIsUnchangedThenItIsReadWithItsFingerprint() throws IOException {
		SkillSource source = listedSource();

		try (SkillSource.OpenSkillFile file = source.openSkill()) {
			assertThat(file.fingerprint().size()).isEqualTo(Files.size(this.skillFile));
		}
		assertThat(read(source)).contains("Before.");
	}

	@Test
	void whenAnEditorReplacedTheFileSinceTheWalkThenTheNewFileIsRead() throws IOException {
		SkillSource source = listedSource();
		Path saved = Files.writeString(this.root.resolve("skills/alpha/.SKILL.md.tmp"),
				"---\nname: alpha\ndescription: After, a longer text.\n---\n");
		Files.move(saved, this.skillFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

		try (SkillSource.OpenSkillFile file = source.openSkill()) {
			assertThat(new String(file.stream().readAllBytes(), StandardCharsets.UTF_8)).contains("After");
			assertThat(file.fingerprint().size()).isEqualTo(Files.size(this.skillFile));
		}
	}

	@Test
	void whenTheFileWasSwappedForALinkOutsideSinceTheWalkThenItIsNotRead() throws IOException {
		SkillSource source = listedSource();
		Path secret = Files.writeString(this.root.resolve("secret.txt"), "secret\n");
		Files.delete(this.skillFile);
		Files.createSymbolicLink(this.skillFile, secret);

		assertThatExceptionOfType(FileSystemException.class).isThrownBy(() -> read(source))
			.withMessage(ResourcePaths.OUTSIDE);
	}

	@Test
	void whenTheFileWasSwappedForAFolderSinceTheWalkThenItIsNotRead() throws IOException {
		SkillSource source = listedSource();
		Files.delete(this.skillFile);
		Files.createDirectory(this.skillFile);

		assertThatExceptionOfType(FileSystemException.class).isThrownBy(() -> read(source))
			.withMessageContaining("not a regular file");
	}

}
