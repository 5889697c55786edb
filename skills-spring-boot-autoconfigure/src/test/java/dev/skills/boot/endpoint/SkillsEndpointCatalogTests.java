package dev.skills.boot.endpoint;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.tokenizer.JTokkitTokenCountEstimator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /actuator/skills} shows the catalog's token budget.
 */
class SkillsEndpointCatalogTests {

	@TempDir
	Path dir;

	@Test
	void theBudgetTheTokensOfTheWholeCatalogAndTheLastRequestsCountAreShown() {
		for (int i = 0; i < 40; i++) {
			SkillFixtures.skill(this.dir, "skill-%02d".formatted(i), "Files report %d of the quarter.".formatted(i),
					"B.");
		}
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.dir.toString()).build())) {
			SkillCatalog catalog = SkillCatalog.builder(registry).maxTokens(300).build();
			SkillsEndpoint endpoint = new SkillsEndpoint(registry, SkillConfig.Mode.ON_DEMAND, false, catalog, null,
					null, SkillSets.NONE, null);
			int wholeCatalog = new JTokkitTokenCountEstimator()
				.estimate(SkillPrompts.catalogSection(registry.snapshot().catalog()));
			assertThat(endpoint.skills().catalog())
				.isEqualTo(new SkillsEndpoint.CatalogDescriptor(300, wholeCatalog, null));

			int listed = catalog.select(registry.snapshot(), List.of(), "report").listed().size();

			assertThat(endpoint.skills().catalog().lastListed()).isEqualTo(listed).isLessThan(40);
		}
	}

	@Test
	void withoutACatalogNoBudgetIsShown() {
		SkillFixtures.skill(this.dir, "pdf", "Fill PDF forms.", "B.");
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.dir.toString()).build())) {
			assertThat(new SkillsEndpoint(registry, false).skills().catalog()).isNull();
		}
	}

}
