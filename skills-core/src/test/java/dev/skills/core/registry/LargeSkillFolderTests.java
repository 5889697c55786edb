package dev.skills.core.registry;

import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dedicated skills folder of realistic size loads whole with the default limits.
 * Writing 40,000 files takes minutes on a busy disk: run with {@code -Plong-tests}.
 */
@Tag("long")
class LargeSkillFolderTests {

	@TempDir
	Path root;

	@Test
	void tenThousandSkillsLoadWithDefaults() {
		for (int i = 0; i < 10_000; i++) {
			Path skill = SkillFixtures.skill(this.root.resolve("category-" + (i / 100)), "skill-" + i);
			SkillFixtures.write(skill.resolve("references/GUIDE.md"), "# Guide\n");
			SkillFixtures.write(skill.resolve("scripts/run.sh"), "echo run\n");
		}

		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.root.toString()).build())) {
			assertThat(registry.size()).isEqualTo(10_000);
			assertThat(registry.diagnostics()).isEmpty();
		}
	}

}
