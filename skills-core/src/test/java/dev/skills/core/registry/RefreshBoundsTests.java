package dev.skills.core.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.skills.test.SkillFixtures.skill;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An incremental refresh stays within what a full scan would find, and a burst of changes
 * costs no more than scanning the location again.
 */
@ExtendWith(OutputCaptureExtension.class)
class RefreshBoundsTests {

	@TempDir
	Path root;

	@Test
	void whenNewFoldersPassTheDirectoryLimitThenRefreshFindsOnlyWhatAFullScanFinds(CapturedOutput output) {
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
	void whenAFolderStopsBeingASkillThenTheFoldersItOpensCountTowardsTheLimit(CapturedOutput output)
			throws IOException {
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
	void aBurstOfChangesCostsAboutWhatAFullRescanCosts() throws IOException {
		Path skills = this.root.resolve("skills");
		for (int i = 0; i < 400; i++) {
			skill(skills.resolve("category-" + (i / 50)), "skill-" + i);
		}
		SkillConfig config = SkillConfig.builder().skillsDir(skills.toString()).build();
		try (SkillsRegistry refreshed = SkillsRegistry.create(config);
				SkillsRegistry rescanned = SkillsRegistry.create(config)) {
			// The first burst warms the code up; the second one is measured.
			refreshed.refresh(moveEveryOtherSkill(skills, 0));
			rescanned.reload();
			List<Path> changed = moveEveryOtherSkill(skills, 1);

			long start = System.nanoTime();
			rescanned.reload();
			long rescan = System.nanoTime() - start;
			start = System.nanoTime();
			refreshed.refresh(changed);
			long refresh = System.nanoTime() - start;

			assertSameAsAFreshScan(refreshed);
			// Before bursts were coalesced, every deleted path walked its parent folder
			// again.
			assertThat(refresh)
				.as("refresh of %d paths vs a rescan: %d vs %d ms", changed.size(), refresh / 1_000_000,
						rescan / 1_000_000)
				.isLessThan(2 * rescan + Duration.ofMillis(50).toNanos());
		}
	}

	// Move skills first, first + 2, ... to the next category (names still match their
	// folders, so no warnings are logged): the paths changed.
	private static List<Path> moveEveryOtherSkill(Path skills, int first) throws IOException {
		List<Path> changed = new ArrayList<>();
		for (int i = first; i < 400; i += 2) {
			Path from = skills.resolve("category-" + (i / 50)).resolve("skill-" + i);
			Path to = skills.resolve("category-" + ((i / 50 + 1) % 8)).resolve("skill-" + i);
			Files.move(from, to);
			changed.add(from);
			changed.add(to);
		}
		return changed;
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
