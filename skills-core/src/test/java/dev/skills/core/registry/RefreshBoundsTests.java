package dev.skills.core.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.skills.test.SkillFixtures.skill;
import static dev.skills.test.SkillFixtures.skillMd;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An incremental refresh stays within what a full scan would find, and a burst of changes
 * is applied as one scan of the location rather than path by path.
 */
@ExtendWith(OutputCaptureExtension.class)
class RefreshBoundsTests {

	@TempDir
	Path root;

	@Test
	void refreshKeepsTheFolderLimit(CapturedOutput output) {
		Path skills = this.root.resolve("skills");
		for (int i = 1; i <= 3; i++) {
			skill(skills.resolve("a"), "a-" + i);
		}
		SkillConfig config = SkillConfig.builder().skillsDir(skills.toString()).discoveryMaxDirectories(10).build();
		try (SkillsRegistry registry = SkillsRegistry.create(config)) {
			assertThat(registry.size()).isEqualTo(3);
			// Breadth-first a full scan visits skills, a, b, a's 3 skills, then 4 of b's
			// 8: 10 folders.
			for (int i = 1; i <= 8; i++) {
				skill(skills.resolve("b"), "b-" + i);
			}

			registry.refresh(List.of(skills.resolve("b")));

			assertSameAsAFreshScan(registry);
			assertThat(registry.size()).isEqualTo(7);
		}
		assertThat(output).contains("Stopped searching for skills after 10 directories");
	}

	@Test
	void exSkillFoldersCountTowardsLimit(CapturedOutput output) throws IOException {
		Path skills = this.root.resolve("skills");
		Path outer = skill(skills, "outer");
		for (int i = 1; i <= 5; i++) {
			skill(outer, "inner-" + i);
		}
		skill(skills, "other");
		SkillConfig config = SkillConfig.builder().skillsDir(skills.toString()).discoveryMaxDirectories(5).build();
		try (SkillsRegistry registry = SkillsRegistry.create(config)) {
			assertThat(registry.names()).containsExactly("other", "outer");
			Files.delete(outer.resolve("SKILL.md"));

			registry.refresh(List.of(outer.resolve("SKILL.md")));

			assertSameAsAFreshScan(registry);
		}
		assertThat(output).contains("Stopped searching for skills after 5 directories");
	}

	@Test
	void burstIsAppliedAsOneRescan() throws IOException {
		Path skills = this.root.resolve("skills");
		for (int i = 0; i < 400; i++) {
			skill(skills.resolve("category-" + (i / 50)), "skill-" + i);
		}
		SkillConfig config = SkillConfig.builder().skillsDir(skills.toString()).build();
		try (SkillsRegistry registry = SkillsRegistry.create(config)) {
			List<Path> changed = new ArrayList<>();
			for (int i = 1; i <= 40; i++) {
				changed.add(write(skills.resolve("category-0/skill-" + i + "/SKILL.md"),
						skillMd("skill-" + i, "Edited " + i + ".", "Body.")));
			}
			// Edited but not among the paths given: only a scan of the location sees it.
			write(skills.resolve("category-0/skill-0/SKILL.md"), skillMd("skill-0", "Edited unnamed.", "Body."));

			registry.refresh(changed);

			assertThat(registry.get("skill-0")).map(SkillMeta::description).hasValue("Edited unnamed.");
			assertSameAsAFreshScan(registry);
		}
	}

	private static void assertSameAsAFreshScan(SkillsRegistry registry) {
		try (SkillsRegistry fresh = SkillsRegistry.create(registry.config())) {
			assertThat(registry.names()).isEqualTo(fresh.names());
			for (String name : fresh.names()) {
				assertThat(registry.get(name)).as(name).isEqualTo(fresh.get(name));
			}
			assertThat(registry.diagnostics()).containsExactlyInAnyOrderElementsOf(fresh.diagnostics());
		}
	}

}
