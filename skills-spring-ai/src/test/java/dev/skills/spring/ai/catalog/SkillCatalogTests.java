package dev.skills.spring.ai.catalog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.tokenizer.JTokkitTokenCountEstimator;
import org.springframework.ai.tokenizer.TokenCountEstimator;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Which skills a request's catalog lists within the token budget, over real skill
 * folders.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillCatalogTests {

	static final TokenCountEstimator CL100K = new JTokkitTokenCountEstimator();

	@TempDir
	Path root;

	@Test
	void withTwentySkillsTheCatalogIsExactlyTheWholeCatalog() {
		CatalogSkills.many(this.root, 20);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).build();
			SkillsSnapshot snapshot = registry.snapshot();

			CatalogSelection selection = catalog.select(snapshot, List.of(), "Fill in this PDF form");

			assertThat(selection.text()).isEqualTo(SkillPrompts.catalogSection(snapshot.catalog()));
			assertThat(selection.partial()).isFalse();
			assertThat(selection.listed()).hasSize(20);
			assertThat(catalog.fullTokens(snapshot)).isEqualTo(CL100K.estimate(selection.text()));
		}
	}

	@Test
	void unbuildableIndexIsTriedOnce(CapturedOutput output) {
		CatalogSkills.many(this.root, 300);
		int[] attempts = new int[1];
		try (SkillsRegistry registry = new SkillsRegistry(
				SkillConfig.builder().skillsDir(this.root.toString()).build()) {

			@Override
			public void addListener(SkillsListener listener, boolean withCurrentSkills) {
				attempts[0]++;
				throw new IllegalStateException("no index today");
			}

		}) {
			registry.discover(List.of(this.root.toString()));
			SkillCatalog catalog = SkillCatalog.builder(registry).maxTokens(1000).build();

			CatalogSelection first = catalog.select(registry.snapshot(), List.of(), "Fill in this PDF form");
			CatalogSelection second = catalog.select(registry.snapshot(), List.of(), "Fill in this PDF form");

			assertThat(attempts[0]).isEqualTo(1);
			assertThat(first.listed()).isNotEmpty().isEqualTo(second.listed());
			assertThat(output).contains("The skills keyword index cannot be built; catalogs list skills by priority");
		}
	}

	@Test
	void aCatalogOverBudgetStaysWithinItAndEndsWithTheSentenceCountingTheSkillsLeftOut() {
		CatalogSkills.many(this.root, 300);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).maxTokens(1000).build();

			CatalogSelection selection = catalog.select(registry.snapshot(), List.of(), "Hello");

			assertThat(selection.partial()).isTrue();
			assertThat(CL100K.estimate(selection.text())).isLessThanOrEqualTo(1000).isGreaterThan(900);
			assertThat(selection.listed().size() + selection.notListed()).isEqualTo(300);
			assertThat(selection.text()).startsWith(SkillPrompts.CATALOG_INSTRUCTION)
				.endsWith("</available_skills>\n" + SkillPrompts.notListed(selection.notListed()));
			assertThat(catalog.fullTokens(registry.snapshot())).isGreaterThan(10_000);
		}
	}

	@Test
	void skillsWithTheHighestPriorityAndGiantDescriptionsDoNotEmptyTheCatalog() {
		CatalogSkills.many(this.root, 90);
		for (int i = 0; i < 17; i++) {
			CatalogSkills.skill(this.root, "aa-spam-%02d".formatted(i), "Spam " + "filler ".repeat(3_400),
					"metadata:\n  priority: \"2147483647\"");
		}
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).build();

			CatalogSelection generic = catalog.select(registry.snapshot(), List.of(), "Hello");
			CatalogSelection none = catalog.select(registry.snapshot(), List.of(), null);

			assertThat(generic.partial()).isTrue();
			assertThat(generic.listed()).hasSizeGreaterThan(90);
			assertThat(none.listed()).hasSizeGreaterThan(90);
			assertThat(CL100K.estimate(generic.text())).isLessThanOrEqualTo(SkillCatalog.DEFAULT_MAX_TOKENS);
			assertThat(registry.get("aa-spam-00"))
				.hasValueSatisfying((meta) -> assertThat(meta.priority()).isEqualTo(100));
		}
	}

	@Test
	void aRelevantSkillWhoseLineCannotFitIsSkippedNotEveryCandidateAfterIt() throws IOException {
		// Ahead in catalog order: they fill what the relevant skills leave.
		for (int i = 0; i < 40; i++) {
			CatalogSkills.skill(this.root, "filler-%02d".formatted(i), "Files team paperwork number %d.".formatted(i),
					"metadata:\n  priority: \"5\"");
		}
		String description = "Extract text and fill in forms in PDF files.";
		CatalogSkills.skill(this.root, "pdf-processing", description);
		// Copies the target's words, more often, behind a 256-character name that takes
		// more room than there is.
		Path file = CatalogSkills.skill(this.root, "long-name", (description + " ").repeat(3) + "pdf forms fill");
		String spam = "pdf-form-fill-" + "p".repeat(242);
		Files.writeString(file, Files.readString(file).replace("name: long-name", "name: " + spam));
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).maxTokens(200).build();

			CatalogSelection selection = catalog.select(registry.snapshot(), List.of(), "Fill in this PDF form");

			assertThat(catalog.search(registry.snapshot(), (meta) -> true, "Fill in this PDF form")).first()
				.extracting(SkillMeta::name)
				.isEqualTo(spam);
			assertThat(selection.listed()).contains("pdf-processing").doesNotContain(spam);
			assertThat(CL100K.estimate(selection.text())).isLessThanOrEqualTo(200);
		}
	}

	@Test
	void theSkillsMostRelevantToTheLatestUserMessageAreListedAfterActiveAndAlwaysIncludedOnes() {
		CatalogSkills.many(this.root, 300);
		CatalogSkills.skill(this.root, "pdf-processing", "Extract text and fill in forms in PDF files.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry)
				.maxTokens(600)
				.alwaysInclude(List.of("skill-0299", "no-such-skill"))
				.build();

			CatalogSelection selection = catalog.select(registry.snapshot(), List.of("skill-0150"),
					"Fill in the fields of this PDF form");

			assertThat(selection.listed()).startsWith("skill-0150", "skill-0299", "pdf-processing");
			assertThat(selection.text())
				.contains("<skill><name>pdf-processing</name><description>Extract text and fill in forms in PDF files."
						+ "</description></skill>");
		}
	}

	@Test
	void longDescriptionsOfRelevantSkillsAreShortenedBeforeARelevantSkillIsDropped() {
		CatalogSkills.many(this.root, 50);
		String long_ = "Fill PDF forms. " + "Checks every field of the form against the schema. ".repeat(16);
		for (String name : List.of("pdf-a", "pdf-b", "pdf-c", "pdf-d", "pdf-e")) {
			CatalogSkills.skill(this.root, name, long_);
		}
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).maxTokens(500).build();

			CatalogSelection selection = catalog.select(registry.snapshot(), List.of(), "fill pdf forms");

			assertThat(selection.listed()).contains("pdf-a", "pdf-b", "pdf-c", "pdf-d", "pdf-e");
			// The least relevant are shortened first: here all but the best match.
			assertThat(selection.text().lines().filter((line) -> line.endsWith("…</description></skill>"))).hasSize(4);
			assertThat(CL100K.estimate(selection.text())).isLessThanOrEqualTo(500);
		}
	}

	@Test
	void anApplicationsTokenCountEstimatorReplacesTheDefault() {
		CatalogSkills.many(this.root, 100);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry)
				.maxTokens(3000)
				.tokenCountEstimator(new CharacterCount())
				.build();

			CatalogSelection selection = catalog.select(registry.snapshot(), List.of(), "paperwork");

			assertThat(selection.partial()).isTrue();
			assertThat(selection.text().length()).isLessThanOrEqualTo(3000).isGreaterThan(2500);
		}
	}

	@Test
	void searchAnswersWithTheBestMatchesUpToTheConfiguredNumber() {
		CatalogSkills.many(this.root, 40);
		CatalogSkills.skill(this.root, "pdf-processing", "Extract text and fill in forms in PDF files.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).searchResults(3).build();

			assertThat(catalog.search(registry.snapshot(), (skill) -> true, "pdf form")).extracting(SkillMeta::name)
				.containsExactly("pdf-processing");
			assertThat(catalog.search(registry.snapshot(), (skill) -> true, "quarterly paperwork")).hasSize(3);
			assertThat(catalog.closestNames(registry.snapshot(), (skill) -> true, "pdf-processor"))
				.containsExactly("pdf-processing");
		}
	}

	@Test
	void theLastRequestsCountIsKeptAndGivenToListeners() {
		CatalogSkills.many(this.root, 300);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).maxTokens(800).build();
			List<Integer> seen = new ArrayList<>();
			catalog.addListener((selection) -> seen.add(selection.listed().size()));
			assertThat(catalog.lastListed()).isEqualTo(-1);

			CatalogSelection selection = catalog.select(registry.snapshot(), List.of(), null);

			assertThat(catalog.lastListed()).isEqualTo(selection.listed().size()).isPositive();
			assertThat(seen).containsExactly(selection.listed().size());
		}
	}

	@Test
	void aReloadedSkillIsListedAsItIsNow() {
		CatalogSkills.many(this.root, 5);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			SkillCatalog catalog = SkillCatalog.builder(registry).build();
			catalog.select(registry.snapshot(), List.of(), null);
			CatalogSkills.skill(this.root, "skill-0001", "Now draws diagrams.");
			registry.reload();

			assertThat(catalog.select(registry.snapshot(), List.of(), null).text()).contains("Now draws diagrams.")
				.isEqualTo(SkillPrompts.catalogSection(registry.snapshot().catalog()));
		}
	}

	@Test
	void aBudgetOrResultCountBelowOneIsRefused() {
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			assertThatIllegalArgumentException().isThrownBy(() -> SkillCatalog.builder(registry).maxTokens(0))
				.withMessage("maxTokens is 0: the catalog needs a budget of at least one token; set it to a number "
						+ "of tokens such as 4000");
			assertThatIllegalArgumentException().isThrownBy(() -> SkillCatalog.builder(registry).searchResults(0))
				.withMessage("searchResults is 0: search_skills must answer with at least one skill; set it to a "
						+ "number of skills such as 10");
		}
	}

	/**
	 * An application's estimator: one token per character.
	 */
	static final class CharacterCount implements TokenCountEstimator {

		@Override
		public int estimate(String text) {
			return text.length();
		}

		@Override
		public int estimate(org.springframework.ai.content.MediaContent content) {
			return estimate(content.getText());
		}

		@Override
		public int estimate(Iterable<org.springframework.ai.content.MediaContent> contents) {
			int total = 0;
			for (org.springframework.ai.content.MediaContent content : contents) {
				total += estimate(content);
			}
			return total;
		}

	}

}
