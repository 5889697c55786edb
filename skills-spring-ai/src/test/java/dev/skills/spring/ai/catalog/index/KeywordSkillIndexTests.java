package dev.skills.spring.ai.catalog.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.CatalogSkills;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The BM25 keyword index over real skill folders, fed the registry's reloads by its
 * updater.
 */
@ExtendWith(OutputCaptureExtension.class)
class KeywordSkillIndexTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path root;

	@Test
	void matchingDescriptionRanksFirst() {
		CatalogSkills.skill(this.root, "pdf-processing", "Extract text and fill in forms in PDF files.");
		CatalogSkills.skill(this.root, "release-notes", "Write release notes from merged pull requests.");
		CatalogSkills.skill(this.root, "spreadsheet", "Build spreadsheets and charts from tables.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.retrieve("Fill in the fields of this PDF form", 10)).containsExactly("pdf-processing");
			assertThat(index.retrieve("Draft the notes for this release", 10)).first().isEqualTo("release-notes");
		}
	}

	@Test
	void immenseTermSkipsOnlyThatSkill(CapturedOutput output) throws IOException {
		CatalogSkills.skill(this.root, "pdf-processing", "Extract text and fill in forms in PDF files.");
		// Over Lucene's 32,766-byte term limit: "immense term" failed every index build.
		Files.createDirectories(this.root.resolve("immense"));
		Files.writeString(this.root.resolve("immense/SKILL.md"),
				"---\nname: " + "a".repeat(32_767) + "\ndescription: Fill in PDF forms.\n---\nBody.\n");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.retrieve("Fill in the fields of this PDF form", 10)).containsExactly("pdf-processing");
		}
		assertThat(output).contains("is 32767 characters long, over 256; the skill is skipped");
	}

	@Test
	void nameTagsTriggersAndWhenToUseAreSearched() {
		CatalogSkills.skill(this.root, "invoice-maker", "Makes documents.");
		CatalogSkills.skill(this.root, "tagged", "Makes documents.", "metadata:\n  tags: kubernetes, helm");
		CatalogSkills.skill(this.root, "triggered", "Makes documents.", "metadata:\n  triggers: rollback a deploy");
		CatalogSkills.skill(this.root, "hinted", "Makes documents.", "when_to_use: When a terraform plan fails");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.retrieve("an invoice please", 10)).containsExactly("invoice-maker");
			assertThat(index.retrieve("our helm chart", 10)).containsExactly("tagged");
			assertThat(index.retrieve("please rollback", 10)).containsExactly("triggered");
			assertThat(index.retrieve("terraform is broken", 10)).containsExactly("hinted");
		}
	}

	@Test
	void priorityThenNameBreakTies() {
		CatalogSkills.skill(this.root, "y-charts", "Draws charts.");
		CatalogSkills.skill(this.root, "x-charts", "Draws charts.");
		CatalogSkills.skill(this.root, "z-charts", "Draws charts.", "metadata:\n  priority: \"5\"");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.retrieve("charts", 10)).containsExactly("z-charts", "x-charts", "y-charts");
		}
	}

	@Test
	void limitCapsAndNoWordsFindNothing() {
		CatalogSkills.many(this.root, 30);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.retrieve("quarterly paperwork", 5)).hasSize(5);
			assertThat(index.retrieve("the of and ?!", 5)).isEmpty();
			assertThat(index.retrieve("", 5)).isEmpty();
		}
	}

	@Test
	void longMessageSearchedByItsStart() {
		CatalogSkills.skill(this.root, "pdf-processing", "Fill in PDF forms.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			String padding = "lorem ipsum ".repeat(CatalogQuery.MAX_LATEST_CHARS / 12 + 1);
			assertThat(index.retrieve(padding + " pdf", 5)).isEmpty();
			assertThat(index.retrieve("pdf " + padding, 5)).containsExactly("pdf-processing");
		}
	}

	@Test
	void reloadReindexesItsSkills() throws IOException {
		Path pdf = CatalogSkills.skill(this.root, "pdf-processing", "Fill in PDF forms.");
		CatalogSkills.skill(this.root, "drawing", "Draws charts.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			CatalogSkills.skill(this.root, "drawing", "Draws diagrams.");
			CatalogSkills.skill(this.root, "invoices", "Writes invoices.");
			Files.delete(pdf);
			Files.delete(pdf.getParent());
			registry.reload();

			await().atMost(WAIT).untilAsserted(() -> {
				assertThat(index.retrieve("charts", 5)).isEmpty();
				assertThat(index.retrieve("diagrams", 5)).containsExactly("drawing");
				assertThat(index.retrieve("invoices", 5)).containsExactly("invoices");
				assertThat(index.retrieve("pdf forms", 5)).isEmpty();
			});
		}
	}

	@Test
	void closedUpdaterFeedsNoMore() {
		CatalogSkills.skill(this.root, "charts", "Draws charts.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<KeywordSkillIndex> index = FedIndex.keywords(registry)) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			index.updater().close();
			List<SkillsChange> told = new CopyOnWriteArrayList<>();
			registry.addListener(told::add);
			CatalogSkills.skill(this.root, "invoices", "Writes invoices.");

			SkillsChange change = registry.reload();

			await().atMost(WAIT).until(() -> told.contains(change));
			assertThat(index.retrieve("invoices", 5)).isEmpty();
			assertThat(index.retrieve("charts", 5)).containsExactly("charts");
		}
	}

	@Test
	void seedIndexesFrontmatterOnly() {
		CatalogSkills.withBody(this.root, "slide-styler", "Makes presentations consistent.",
				"# Brand\n\nApply the company palette and logo to every slide.\n");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				KeywordSkillIndex index = new KeywordSkillIndex()) {
			index.seed(registry.snapshot());
			assertThat(index.retrieve("presentations", 5)).containsExactly("slide-styler");
			assertThat(index.retrieve("brand palette", 5)).isEmpty();

			index.update(registry.snapshot(), Set.of("slide-styler"));

			assertThat(index.retrieve("brand palette", 5)).containsExactly("slide-styler");
		}
	}

}
