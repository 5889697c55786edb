package dev.skills.boot.metrics;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.test.SkillFixtures;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsCatalogMetricsTests {

	@TempDir
	Path dir;

	@Test
	void everyRequestsCatalogRecordsHowManySkillsItListed() {
		for (int i = 0; i < 40; i++) {
			SkillFixtures.skill(this.dir, "skill-%02d".formatted(i), "Files report %d of the quarter.".formatted(i),
					"B.");
		}
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.dir.toString()).build())) {
			SkillCatalog small = SkillCatalog.builder(registry).maxTokens(300).build();
			new SkillsCatalogMetrics(small).bindTo(meters);

			int listed = small.select(registry.snapshot(), List.of(), "report").listed().size();
			small.select(registry.snapshot(), List.of(), "report");

			DistributionSummary summary = meters.get("skills.catalog.listed").summary();
			assertThat(summary.count()).isEqualTo(2);
			assertThat(summary.max()).isEqualTo(listed);
			assertThat(summary.totalAmount()).isEqualTo(2.0 * listed);
		}
	}

}
