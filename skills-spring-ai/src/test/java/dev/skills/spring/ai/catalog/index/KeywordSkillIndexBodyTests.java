package dev.skills.spring.ai.catalog.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.CatalogSkills;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The keyword index reads a bounded prefix of each body, off the request path, and
 * follows reloads per changed skill.
 */
class KeywordSkillIndexBodyTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path root;

	@BeforeEach
	void skills() {
		CatalogSkills.withBody(this.root, "ci-doctor", "Helps with repository automation.",
				"# Red checks\n\nWhen a GitHub Actions check on a pull request fails, open the job log first.\n");
		CatalogSkills.withBody(this.root, "slide-styler", "Makes presentations consistent.",
				"# Brand\n\nApply the company palette and logo to every slide.\n");
		CatalogSkills.skill(this.root, "pull-request-review", "Review pull requests line by line.");
	}

	@Test
	void clueOnlyInBodyIsFound() {
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> frontmatterOnly = FedIndex.keywords(registry, 0);
				FedIndex<KeywordSkillIndex> withBodies = FedIndex.keywords(registry)) {
			assertThat(withBodies.awaitCurrent(WAIT)).isTrue();
			assertThat(frontmatterOnly.retrieve("use our brand palette and logo", 5)).isEmpty();
			assertThat(withBodies.retrieve("use our brand palette and logo", 5)).containsExactly("slide-styler");
			assertThat(withBodies.retrieve("the job log of a failing check", 5)).first().isEqualTo("ci-doctor");
		}
	}

	@Test
	void frontmatterOutranksBody() {
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			assertThat(index.retrieve("pull request", 5)).containsExactly("pull-request-review", "ci-doctor");
		}
	}

	@Test
	void editedBodyIsReindexed() throws IOException {
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			CatalogSkills.withBody(this.root, "slide-styler", "Makes presentations consistent.",
					"# Fonts\n\nUse the house typeface.\n");

			assertThat(registry.reload().changed()).containsExactly("slide-styler");

			await().atMost(WAIT).untilAsserted(() -> {
				assertThat(index.retrieve("palette logo", 5)).isEmpty();
				assertThat(index.retrieve("house typeface", 5)).containsExactly("slide-styler");
			});
		}
	}

	@Test
	void longBodyIndexesOpeningAndHeadings() {
		CatalogSkills.withBody(this.root, "long-guide", "A long guide.", "Opening words about kayaks. "
				+ "filler ".repeat(2000) + "\nplain words about zeppelins\n## Heading about lighthouses\n");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry, 1000)) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			assertThat(index.retrieve("kayaks", 5)).containsExactly("long-guide");
			assertThat(index.retrieve("lighthouses", 5)).containsExactly("long-guide");
			assertThat(index.retrieve("zeppelins", 5)).isEmpty();
		}
	}

	@Test
	void unreadableBodyKeepsFrontmatter() throws IOException {
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			Path styler = this.root.resolve("slide-styler/SKILL.md");
			Files.delete(styler);
			try (FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
				assertThat(index.awaitCurrent(WAIT)).isTrue();
				assertThat(index.retrieve("presentations", 5)).containsExactly("slide-styler");
				assertThat(index.retrieve("job log", 5)).containsExactly("ci-doctor");
			}
		}
	}

}
