package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.Bounds;
import dev.skills.core.Preemptively;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Links to folders below a location are not followed: a loop cannot multiply skills, and
 * a linked copy cannot win over the real folder.
 */
class LinkedFoldersTests {

	@TempDir
	Path root;

	@Test
	void linkLoopFindsEachSkillOnceInTime() throws IOException {
		Path alpha = skill("cat/alpha");
		Path beta = skill("cat/beta");
		Files.createDirectories(this.root.resolve("cat/loop"));
		Files.createSymbolicLink(this.root.resolve("cat/loop/up"), Path.of(".."));
		Files.createSymbolicLink(this.root.resolve("cat/self"), Path.of("."));

		SkillFolders.Scan scan = Preemptively.within(Bounds.HOSTILE_INPUT, () -> SkillFolders.find(this.root));

		assertThat(scan.skillDirectories()).containsExactly(alpha, beta);
		assertThat(scan.diagnostics()).singleElement()
			.satisfies((diagnostic) -> assertThat(diagnostic.message())
				.startsWith("Skipped 2 linked folder(s) such as ")
				.endsWith(
						": links below a location are not followed; add the link's target to skills.skills-dir instead"));
	}

	@Test
	void realFolderWinsOverLinkedCopy() throws IOException {
		Path real = skill("z-real/pdf");
		Files.createSymbolicLink(this.root.resolve("a-link"), this.root.resolve("z-real"));

		assertThat(SkillFolders.find(this.root).skillDirectories()).containsExactly(real);
	}

	@Test
	void linkedLocationIsFollowed() throws IOException {
		skill("real/pdf");
		Path link = Files.createSymbolicLink(this.root.resolve("link"), this.root.resolve("real"));

		assertThat(SkillFolders.find(link).skillDirectories()).containsExactly(link.resolve("pdf"));
	}

	private Path skill(String relative) throws IOException {
		Path directory = Files.createDirectories(this.root.resolve(relative));
		Files.writeString(directory.resolve("SKILL.md"),
				"---\nname: " + directory.getFileName() + "\ndescription: A skill.\n---\nBody.\n");
		return directory;
	}

}
