package dev.skills.spring.ai.set;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code search_skills} within a set finds the set's best matches even when other sets'
 * skills match better.
 */
class SetSearchTests {

	@TempDir
	Path root;

	@Test
	void searchFindsSetSkillsOutranked() {
		for (int i = 0; i < 20; i++) {
			SkillFixtures.skill(this.root, "globex-bill-" + i, "Invoice invoice invoice totals.", "G");
		}
		for (int i = 0; i < 3; i++) {
			SkillFixtures.skill(this.root, "acme-bill-" + i, "Sends an invoice and other papers by post.", "A");
		}
		try (SkillsRegistry registry = TestRegistries.of(this.root);
				SkillCatalog catalog = SkillCatalog.builder(registry).searchResults(3).build()) {
			SkillSets sets = SkillSets.of(List.of(SkillSet.of("acme", "acme-*")), null);
			SkillsSnapshot acme = sets.view(registry.snapshot(), "acme");
			List<String> found = catalog.search(acme, (skill) -> true, "invoice")
				.stream()
				.map(SkillMeta::name)
				.toList();
			assertThat(found).containsExactlyInAnyOrder("acme-bill-0", "acme-bill-1", "acme-bill-2");
		}
	}

}
