package dev.skills.core.internal.prompt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.Skill;
import dev.skills.core.SkillMeta;
import dev.skills.core.TestTexts;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SkillPromptsTests {

	@TempDir
	Path root;

	@Test
	void noSkillsGiveAnEmptyAvailableSkillsBlock() {
		assertThat(SkillPrompts.catalog(List.of())).isEqualTo("<available_skills>\n</available_skills>");
	}

	@Test
	void oneSkillIsOneNamedEntry() throws IOException {
		SkillMeta pdf = load("pdf-processing", """
				---
				name: pdf-processing
				description: Extract text from PDFs. Use when the user shares a PDF.
				---
				# PDF
				""");
		assertThat(SkillPrompts.catalog(List.of(pdf))).isEqualTo(
				"""
						<available_skills>
						<skill><name>pdf-processing</name><description>Extract text from PDFs. Use when the user shares a PDF.</description></skill>
						</available_skills>""");
	}

	@Test
	void twoSkillsAreTwoEntriesOrderedByName() throws IOException {
		SkillMeta zeta = load("zeta-notes", """
				---
				name: zeta-notes
				description: Takes notes
				---
				Body
				""");
		SkillMeta alpha = load("alpha-charts", """
				---
				name: alpha-charts
				description: Draws charts
				---
				Body
				""");
		assertThat(SkillPrompts.catalog(List.of(zeta, alpha))).isEqualTo("""
				<available_skills>
				<skill><name>alpha-charts</name><description>Draws charts</description></skill>
				<skill><name>zeta-notes</name><description>Takes notes</description></skill>
				</available_skills>""");
	}

	@Test
	void markupInTheDescriptionIsEscaped() throws IOException {
		SkillMeta tags = load("tag-helper", """
				---
				name: tag-helper
				description: Use <foo> & <bar> tags
				---
				Body
				""");
		String catalog = SkillPrompts.catalog(List.of(tags));
		assertThat(catalog).contains("<description>Use &lt;foo&gt; &amp; &lt;bar&gt; tags</description>")
			.doesNotContain("<foo>")
			.doesNotContain("<bar>");
	}

	@Test
	void quotesAndApostrophesAreEscaped() throws IOException {
		SkillMeta quotes = load("greeter", """
				---
				name: greeter
				description: Says "hello" to the user's team
				---
				Body
				""");
		assertThat(SkillPrompts.catalog(List.of(quotes)))
			.contains("<description>Says &quot;hello&quot; to the user&apos;s team</description>");
	}

	@Test
	void higherPriorityComesFirstThenName() throws IOException {
		SkillMeta plain = load("aardvark", """
				---
				name: aardvark
				description: No priority
				---
				Body
				""");
		SkillMeta urgent = load("zebra", """
				---
				name: zebra
				description: High priority
				metadata:
				  priority: 5
				---
				Body
				""");
		SkillMeta middle = load("moose", """
				---
				name: moose
				description: Some priority
				metadata:
				  priority: 2
				---
				Body
				""");
		assertThat(SkillPrompts.catalog(List.of(plain, urgent, middle)).lines().skip(1).limit(3)).containsExactly(
				"<skill><name>zebra</name><description>High priority</description></skill>",
				"<skill><name>moose</name><description>Some priority</description></skill>",
				"<skill><name>aardvark</name><description>No priority</description></skill>");
	}

	@Test
	void whenToUseFollowsTheDescriptionEscaped() throws IOException {
		SkillMeta hinted = load("deploy", """
				---
				name: deploy
				description: Deploys the app
				when_to_use: When the user says "ship it" & means production
				---
				Body
				""");
		assertThat(SkillPrompts.catalog(List.of(hinted)))
			.contains("<skill><name>deploy</name><description>Deploys the app"
					+ "</description><when_to_use>When the user says &quot;ship it&quot; &amp; means production"
					+ "</when_to_use></skill>");
	}

	@Test
	void shortenedEntryCutsAtAWord() throws IOException {
		SkillMeta long_ = load("infra-review", """
				---
				name: infra-review
				description: %s
				when_to_use: Before merging Terraform
				---
				Body
				""".formatted(TestTexts.prose(400)));
		String entry = SkillPrompts.catalogEntry(long_, true);
		String description = entry.substring(entry.indexOf("<description>") + 13, entry.indexOf("</description>"));
		assertThat(description).endsWith("…").hasSizeLessThanOrEqualTo(SkillPrompts.SHORT_DESCRIPTION + 1);
		assertThat(TestTexts.prose(400)).startsWith(description.substring(0, description.length() - 1));
		assertThat(entry).doesNotContain("when_to_use");
		assertThat(SkillPrompts.catalogEntry(long_, false)).contains(TestTexts.prose(400), "<when_to_use>");
	}

	@Test
	void shortDescriptionIsKeptWhole() throws IOException {
		SkillMeta pdf = load("pdf", """
				---
				name: pdf
				description: Fill PDF forms
				---
				Body
				""");
		assertThat(SkillPrompts.catalogEntry(pdf, true))
			.isEqualTo("<skill><name>pdf</name><description>Fill PDF forms</description></skill>");
	}

	@Test
	void partialCatalogCountsWhatIsLeftOut() {
		assertThat(
				SkillPrompts.partialCatalog(List.of("<skill><name>a</name><description>A</description></skill>"), 9999))
			.isEqualTo(
					"""
							<available_skills>
							<skill><name>a</name><description>A</description></skill>
							</available_skills>
							9999 more skills are not listed here; call search_skills with a few keywords of the task to find them.""");
		assertThat(SkillPrompts.notListed(1)).startsWith("1 more skill is not listed");
	}

	@Test
	void resourcesBlockStaysBounded() {
		Skill plain = Skill.of("pdf", "Work with PDFs.", "Body.");
		List<String> files = java.util.stream.IntStream.range(0, 50)
			.mapToObj((i) -> "references/" + i + "-" + "n".repeat(2_000) + ".md")
			.toList();

		String content = SkillPrompts.skillContent(new Skill(plain.meta(), plain.instructions(), files));

		assertThat(content).hasSizeLessThan(SkillPrompts.MAX_RESOURCES_CHARS + 1_000)
			.contains("<file>references/0-")
			.contains("... and 47 more");
	}

	@Test
	void unknownNameIsEchoedSafely() {
		String answer = SkillPrompts.unknownSkill("\u001B[2J\u202E" + "x".repeat(1_000_000), List.of());

		assertThat(answer).hasSizeLessThan(400)
			.startsWith("Unknown skill '?[2J?xxx")
			.doesNotContain("\u001B", "\u202E");
	}

	@Test
	void unknownNameGetsClosestNames() {
		assertThat(SkillPrompts.unknownSkill("pdf-form", List.of("pdf-forms", "pdf-processing")))
			.isEqualTo("Unknown skill 'pdf-form'. Closest names: pdf-forms, pdf-processing. "
					+ "Call search_skills to find a skill by what it does.");
		assertThat(SkillPrompts.unknownSkill("zzz", List.of())).isEqualTo(
				"Unknown skill 'zzz'. No skill has a similar name. Call search_skills to find a skill by what it does.");
	}

	private SkillMeta load(String folder, String content) throws IOException {
		SkillReadResult result = SkillLoader
			.readMeta(SkillFixtures.rawSkill(this.root, folder, content).resolve("SKILL.md"));
		assertThat(result.diagnostics()).isEmpty();
		return result.meta();
	}

}
