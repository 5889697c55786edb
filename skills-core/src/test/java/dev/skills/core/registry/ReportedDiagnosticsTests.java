package dev.skills.core.registry;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.skills.test.SkillFixtures.skill;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Diagnostics a reporter keeps on the registry, apart from any skill file.
 */
class ReportedDiagnosticsTests {

	@TempDir
	Path skills;

	@Test
	void reportedDiagnosticsStayUntilCleared() throws Exception {
		skill(this.skills, "alpha", "Does alpha things.", "Body");
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(List.of(this.skills.toString())).hotReload(false).build())) {
			SkillDiagnostic down = SkillDiagnostic.error("https://example.com/index.json", null, "fetch failed");
			SkillDiagnostic other = SkillDiagnostic.warning("https://example.org/index.json", null, "stale");
			long generation = registry.snapshot().generation();

			registry.report("a", List.of(down));
			registry.report("b", List.of(other));
			registry.reload();
			assertThat(registry.diagnostics()).containsExactly(down, other);
			assertThat(registry.snapshot().generation()).isGreaterThan(generation);

			registry.report("a", List.of());
			assertThat(registry.diagnostics()).containsExactly(other);
			assertThat(registry.names()).containsExactly("alpha");
		}
	}

	@Test
	void repeatedReportMakesNoSnapshot() throws Exception {
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(List.of(this.skills.toString())).hotReload(false).build())) {
			SkillDiagnostic down = SkillDiagnostic.error("source", null, "fetch failed");
			registry.report("a", List.of(down));
			long generation = registry.snapshot().generation();
			registry.report("a", List.of(down));
			assertThat(registry.snapshot().generation()).isEqualTo(generation);
		}
	}

}
