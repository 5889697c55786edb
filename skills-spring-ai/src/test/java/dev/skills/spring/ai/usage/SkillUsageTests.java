package dev.skills.spring.ai.usage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Predicate;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.CatalogSelection;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.tool.SkillToolSet;
import dev.skills.spring.ai.tool.SkillsTools;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Usage of real skills through the real tools and catalog: activations per skill, skills
 * never activated, and the skills the catalog left out recently, all bounded.
 */
class SkillUsageTests {

	private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

	private static final Predicate<SkillMeta> EVERY_SKILL = (meta) -> true;

	@TempDir
	Path root;

	SkillsRegistry registry;

	SkillUsage usage;

	SkillToolSet tools;

	@BeforeEach
	void skills() throws IOException {
		write("pdf-forms", "Fill in PDF forms.");
		write("csv-cleaning", "Clean CSV files.");
		write("slide-styler", "Style slide decks.");
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.root.toString()).build());
		this.usage = new SkillUsage(this.registry, Clock.fixed(NOW, ZoneOffset.UTC));
		this.registry.addListener(this.usage);
		this.tools = SkillsTools.builder(this.registry)
			.listeners(List.of(this.usage))
			.build()
			.toolSet(this.registry.snapshot(), null);
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	void write(String name, String description) throws IOException {
		Path folder = Files.createDirectories(this.root.resolve(name));
		Files.writeString(folder.resolve("SKILL.md"),
				"---\nname: " + name + "\ndescription: " + description + "\n---\nSteps.\n");
	}

	@Test
	void whenSkillsAreActivatedThenEachCountsWithItsLastTimeAndTheOthersAreNeverActivated() {
		this.tools.activate().call("{\"skill_name\":\"pdf-forms\"}");
		this.tools.activate().call("{\"skill_name\":\"pdf-forms\"}");
		this.tools.activate().call("{\"skill_name\":\"csv-cleaning\"}");

		SkillUsage.Usage usage = this.usage.usage(this.registry.snapshot(), 10);

		assertThat(usage.since()).isEqualTo(NOW);
		assertThat(usage.activated()).containsExactly(new SkillUsage.Activated("pdf-forms", 2, NOW),
				new SkillUsage.Activated("csv-cleaning", 1, NOW));
		assertThat(usage.neverActivatedCount()).isEqualTo(1);
		assertThat(usage.neverActivated()).containsExactly("slide-styler");
	}

	@Test
	void whenTheModelNamesAnUnknownSkillThenNothingIsKeptForIt() {
		this.tools.activate().call("{\"skill_name\":\"made-up\"}");

		assertThat(this.usage.usage(this.registry.snapshot(), 10).activated()).isEmpty();
	}

	@Test
	void whenASkillIsRemovedThenItsActivationsAreForgotten() throws IOException {
		this.tools.activate().call("{\"skill_name\":\"csv-cleaning\"}");
		Files.delete(this.root.resolve("csv-cleaning/SKILL.md"));
		Files.delete(this.root.resolve("csv-cleaning"));

		this.registry.reload();

		assertThat(this.usage.usage(this.registry.snapshot(), 10).activated()).isEmpty();
	}

	@Test
	void whenTheCatalogHasNoRoomForRelevantSkillsThenTheyAreCountedAsLeftOut() throws IOException {
		for (int i = 0; i < 60; i++) {
			write("pdf-tool-%02d".formatted(i), "Split, merge and fill PDF files, variant " + i + ".");
		}
		this.registry.reload();
		SkillCatalog catalog = SkillCatalog.builder(this.registry).maxTokens(400).build();
		catalog.addListener(this.usage);

		CatalogSelection selection = catalog.select(this.registry.snapshot(), EVERY_SKILL, List.of(), "fill a PDF");
		catalog.select(this.registry.snapshot(), EVERY_SKILL, List.of(), "fill a PDF");

		assertThat(selection.leftOutRelevant()).isNotEmpty().doesNotContainAnyElementsOf(selection.listed());
		SkillUsage.LeftOut leftOut = this.usage.usage(this.registry.snapshot(), 5).leftOut();
		assertThat(leftOut.requests()).isEqualTo(2);
		assertThat(leftOut.skills()).hasSize(5).allSatisfy((skill) -> assertThat(skill.times()).isEqualTo(2));
		assertThat(leftOut.skills()).extracting(SkillUsage.LeftOutSkill::name).isSubsetOf(selection.leftOutRelevant());
	}

	@Test
	void whenManyRequestsPassThenOnlyTheRecentOnesCountAndEachKeepsItsMostRelevantLeftOut() {
		List<String> many = new java.util.ArrayList<>(List.of("pdf-forms"));
		java.util.stream.IntStream.range(0, 150).forEach((i) -> many.add("other-" + i));
		many.add("slide-styler");
		for (int i = 0; i < SkillUsage.RECENT_REQUESTS + 25; i++) {
			this.usage.accept(new CatalogSelection("", List.of(), 1, (i < 25) ? List.of("csv-cleaning") : many));
		}

		SkillUsage.LeftOut leftOut = this.usage.usage(this.registry.snapshot(), 10).leftOut();

		assertThat(leftOut.requests()).isEqualTo(SkillUsage.RECENT_REQUESTS);
		assertThat(leftOut.skills())
			.containsExactly(new SkillUsage.LeftOutSkill("pdf-forms", SkillUsage.RECENT_REQUESTS));
	}

}
