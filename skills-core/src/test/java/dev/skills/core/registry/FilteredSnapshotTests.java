package dev.skills.core.registry;

import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillNotFoundException;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A snapshot narrowed to some skills answers as if the others did not exist.
 */
class FilteredSnapshotTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	SkillsSnapshot whole;

	SkillsSnapshot billing;

	@BeforeEach
	void skills() {
		Path invoice = SkillFixtures.skill(this.root, "billing-invoice", "Invoices.", "INVOICE-BODY");
		SkillFixtures.file(invoice, "references/rates.md", "RATES");
		Path secret = SkillFixtures.skill(this.root, "support-secret", "Secrets.", "SECRET-BODY");
		SkillFixtures.file(secret, "references/keys.md", "KEYS");
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.root.toString()).build());
		this.whole = this.registry.snapshot();
		this.billing = this.whole.filter((skill) -> skill.name().startsWith("billing-"));
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	@Test
	void keepsOnlyMatchingSkills() {
		assertThat(this.billing.names()).containsExactly("billing-invoice");
		assertThat(this.billing.size()).isOne();
		assertThat(this.billing.contains("support-secret")).isFalse();
		assertThat(this.billing.get("support-secret")).isEmpty();
		assertThat(this.billing.catalog()).contains("billing-invoice").doesNotContain("support-secret");
		assertThat(this.billing.generation()).isEqualTo(this.whole.generation());
	}

	@Test
	void loadsAndReadsKeptSkills() {
		assertThat(this.billing.load("billing-invoice").body()).contains("INVOICE-BODY");
		assertThat(this.billing.readFile("billing-invoice", "references/rates.md")).contains("RATES");
	}

	@Test
	void outsideSkillRefusedAsMissing() {
		Throwable outside = catchThrowable(() -> this.billing.load("support-secret"));
		Throwable missing = catchThrowable(() -> this.billing.load("support-secrex"));
		assertThat(outside).isInstanceOf(SkillNotFoundException.class);
		assertThat(outside.getMessage()).doesNotContain("Secrets")
			.isEqualTo(missing.getMessage().replace("support-secrex", "support-secret"));
		Throwable hidden = catchThrowable(() -> this.billing.readFile("support-secret", "references/keys.md"));
		Throwable absent = catchThrowable(() -> this.billing.readFile("support-secrex", "references/keys.md"));
		assertThat(hidden.getMessage()).isEqualTo(absent.getMessage().replace("support-secrex", "support-secret"));
		assertThatExceptionOfType(SkillNotFoundException.class).isThrownBy(() -> this.billing.files("support-secret"));
	}

	@Test
	void filterOfFilterNarrowsFurther() {
		assertThat(this.billing.filter((skill) -> skill.name().endsWith("secret")).names()).isEmpty();
		assertThat(this.whole.filter((skill) -> false).catalog()).doesNotContain("billing");
	}

}
