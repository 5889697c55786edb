package dev.skills.core.registry;

import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.skills.test.SkillFixtures.rawSkill;
import static dev.skills.test.SkillFixtures.skill;
import static dev.skills.test.SkillFixtures.skillMd;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The watcher's warnings are diagnostics of the registry, like discovery's, and last
 * until the watcher stops.
 */
@ExtendWith(OutputCaptureExtension.class)
class WatcherWarningsTests {

	@TempDir
	Path root;

	@Test
	void watchLimitWarningSurvivesReloads(CapturedOutput output) {
		for (int i = 0; i < 4; i++) {
			skill(this.root, "skill-" + i);
		}
		SkillDiagnostic watchWarning = SkillDiagnostic.warning(this.root.toString(), null,
				"Stopped watching after 3 folders (skills.discovery.max-directories): changes past them are not seen");
		SkillConfig config = SkillConfig.builder()
			.skillsDir(this.root.toString())
			.hotReload(true)
			.discoveryMaxDirectories(3)
			.build();
		try (SkillsRegistry registry = SkillsRegistry.create(config)) {
			assertThat(registry.diagnostics()).contains(watchWarning);
			rawSkill(this.root, "skill-0", skillMd("skill-0", "Edited.", "Body."));

			registry.reload();

			assertThat(registry.diagnostics()).containsOnlyOnce(watchWarning);
			registry.close();
			assertThat(registry.diagnostics()).doesNotContain(watchWarning);
		}
		assertThat(output).contains("Stopped watching after 3 folders");
	}

}
