package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import dev.skills.core.folder.SkillFolder;
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

	private SkillFolder listedFolder() throws IOException {
		this.skillFile = this.root.resolve("skills/alpha/SKILL.md");
		Files.createDirectories(this.skillFile.getParent());
		Files.writeString(this.skillFile, "---\nname: alpha\ndescription: Before.\n---\n");
		SkillFolders.Scan scan = SkillFolders.find(this.root.resolve("skills"));
		SkillFiles.SkillFile found = scan.skillFiles().get(0);
		assertThat(found.path()).isEqualTo(this.skillFile);
		assertThat(found.plainFile()).isNotNull();
		return DiskSkillFolder.of(found, false, this.reads);
	}

	private static String read(SkillFolder folder) throws IOException {
		try (SkillFolder.OpenSkillFile file = folder.openSkill()) {
			return new String(file.stream().readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	@Test
	void unchangedFileIsReadWithFingerprint() throws IOException {
		SkillFolder folder = listedFolder();

		try (SkillFolder.OpenSkillFile file = folder.openSkill()) {
			assertThat(file.fingerprint().size()).isEqualTo(Files.size(this.skillFile));
		}
		assertThat(read(folder)).contains("Before.");
	}

	@Test
	void replacedFileIsReadAfresh() throws IOException {
		SkillFolder folder = listedFolder();
		Path saved = Files.writeString(this.root.resolve("skills/alpha/.SKILL.md.tmp"),
				"---\nname: alpha\ndescription: After, a longer text.\n---\n");
		Files.move(saved, this.skillFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

		try (SkillFolder.OpenSkillFile file = folder.openSkill()) {
			assertThat(new String(file.stream().readAllBytes(), StandardCharsets.UTF_8)).contains("After");
			assertThat(file.fingerprint().size()).isEqualTo(Files.size(this.skillFile));
		}
	}

	@Test
	void fileSwappedForOutsideLinkIsNotRead() throws IOException {
		SkillFolder folder = listedFolder();
		Path secret = Files.writeString(this.root.resolve("secret.txt"), "secret\n");
		Files.delete(this.skillFile);
		Files.createSymbolicLink(this.skillFile, secret);

		assertThatExceptionOfType(FileSystemException.class).isThrownBy(() -> read(folder))
			.withMessage(ResourcePaths.OUTSIDE);
	}

	@Test
	void fileSwappedForFolderIsNotRead() throws IOException {
		SkillFolder folder = listedFolder();
		Files.delete(this.skillFile);
		Files.createDirectory(this.skillFile);

		assertThatExceptionOfType(FileSystemException.class).isThrownBy(() -> read(folder))
			.withMessageContaining("not a regular file");
	}

}
