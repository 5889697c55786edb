package dev.skills.core.lock;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The lock file's format and the digest of a skill's files.
 */
class SkillsLockTests {

	@TempDir
	Path root;

	@Test
	void writtenLockReadsBack() {
		SkillsLock lock = SkillsLock.of(List.of(new SkillsLock.Entry("beta", "b2", "skills"),
				new SkillsLock.Entry("alpha", "a1", "other skills")));

		assertThat(lock.write()).isEqualTo(SkillsLock.HEADER + "alpha sha256:a1 other skills\nbeta sha256:b2 skills\n");
		assertThat(SkillsLock.parse(lock.write()).entries()).isEqualTo(lock.entries());
	}

	@Test
	void malformedLineIsNamed() {
		assertThatIllegalArgumentException().isThrownBy(() -> SkillsLock.parse("# c\nalpha sha256:a1 x\nbeta a1 x\n"))
			.withMessageStartingWith("line 3 is not");
		assertThatIllegalArgumentException().isThrownBy(() -> SkillsLock.parse("a sha256:1 x\na sha256:1 x\n"))
			.withMessageStartingWith("line 2 is not");
	}

	@Test
	void digestCoversPathsAndBytes() throws Exception {
		Files.writeString(this.root.resolve("SKILL.md"), "x");
		Files.writeString(this.root.resolve("a.txt"), "y");
		String digest = SkillsLock.digest(this.root, List.of("SKILL.md", "a.txt"));

		assertThat(SkillsLock.digest(this.root, List.of("a.txt", "SKILL.md"))).isEqualTo(digest);
		assertThat(SkillsLock.digest(this.root, List.of("SKILL.md"))).isNotEqualTo(digest);
		Files.writeString(this.root.resolve("a.txt"), "z");
		assertThat(SkillsLock.digest(this.root, List.of("SKILL.md", "a.txt"))).isNotEqualTo(digest).hasSize(64);
	}

}
