package dev.skills.spring.ai.set;

import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A value per snapshot view: one per skill set, dropped with the generation.
 */
class SnapshotValuesTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	SkillsSnapshot whole;

	SkillsSnapshot billing;

	@BeforeEach
	void skills() {
		SkillFixtures.skill(this.root, "billing-invoice", "Invoices.", "INVOICE-BODY");
		SkillFixtures.skill(this.root, "support-secret", "Secrets.", "SECRET-BODY");
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.root.toString()).build());
		this.whole = this.registry.snapshot();
		this.billing = this.whole.filter((skill) -> skill.name().startsWith("billing-"));
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	@Test
	void valuesKeptPerView() {
		SnapshotValues<String> values = new SnapshotValues<>();
		String forBilling = values.get(this.billing, (view) -> String.join(",", view.names()));
		String forWhole = values.get(this.whole, (view) -> String.join(",", view.names()));
		assertThat(values.get(this.billing, (view) -> "recomputed")).isSameAs(forBilling);
		assertThat(values.get(this.whole, (view) -> "recomputed")).isSameAs(forWhole).contains("support-secret");
	}

	@Test
	void valuesDropOlderGeneration() {
		SnapshotValues<String> values = new SnapshotValues<>();
		values.get(this.whole, (view) -> "old");
		SkillFixtures.skill(this.root, "billing-refund", "Refunds.", "REFUND-BODY");
		this.registry.reload();
		SkillsSnapshot newer = this.registry.snapshot();
		assertThat(values.get(newer, (view) -> "new")).isEqualTo("new");
		assertThat(values.get(this.whole, (view) -> "again")).isEqualTo("again");
	}

}
