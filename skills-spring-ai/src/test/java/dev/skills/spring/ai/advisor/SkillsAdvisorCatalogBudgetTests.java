package dev.skills.spring.ai.advisor;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The advisor with a catalog over its token budget: what the model is offered, and the
 * loop from {@code search_skills} to {@code activate_skill} through a real ChatClient.
 */
class SkillsAdvisorCatalogBudgetTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	@AfterEach
	void close() {
		if (this.registry != null) {
			this.registry.close();
		}
	}

	void skills(int count) {
		for (int i = 0; i < count; i++) {
			SkillFixtures.skill(this.root, "skill-%04d".formatted(i));
		}
		Path invoices = SkillFixtures.skillWithFrontmatter(this.root, "vat-invoices", "",
				"Number invoices by year, then check references/RULES.md.");
		SkillFixtures.write(invoices.resolve("references/RULES.md"), "# Rules\n");
		this.registry = TestRegistries.of(this.root);
	}

	ChatClient client(int maxTokens) {
		SkillCatalog catalog = SkillCatalog.builder(this.registry).maxTokens(maxTokens).build();
		return ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(this.registry).catalog(catalog).build())
			.build();
	}

	Prompt prompt(int index) {
		return this.model.prompts().get(index);
	}

	@Test
	void withTwentySkillsNothingChangesSameCatalogSameEnumNoSearchSkills() {
		skills(19);
		this.model.thenAnswer("ok");

		client(SkillCatalog.DEFAULT_MAX_TOKENS).prompt().user("Make an invoice").call().content();

		assertThat(prompt(0).getSystemMessage().getText())
			.isEqualTo(SkillPrompts.catalogSection(this.registry.snapshot().catalog()));
		assertThat(Prompts.toolNames(prompt(0))).containsExactly("activate_skill", "read_skill_resource");
		assertThat(Prompts.enumOf(Prompts.toolDefinition(prompt(0), "activate_skill"))).hasSize(20);
		// Only the one skill with files can be read.
		assertThat(Prompts.enumOf(Prompts.toolDefinition(prompt(0), "read_skill_resource")))
			.containsExactly("vat-invoices");
	}

	@Test
	void overBudgetTheCatalogIsPartialSkillNameHasNoEnumAndSearchSkillsIsOffered() {
		skills(200);
		this.model.thenAnswer("ok");

		client(800).prompt().user("Make an invoice for March").call().content();

		String system = prompt(0).getSystemMessage().getText();
		assertThat(system).contains("<skill><name>vat-invoices</name>")
			.endsWith(SkillPrompts.notListed(201 - countEntries(system)));
		assertThat(Prompts.toolNames(prompt(0))).containsExactly("activate_skill", "read_skill_resource",
				"search_skills");
		for (String tool : List.of("activate_skill", "read_skill_resource")) {
			JsonNode name = Prompts.JSON.readTree(Prompts.toolDefinition(prompt(0), tool).inputSchema())
				.get("properties")
				.get("skill_name");
			assertThat(name.get("type").asString()).isEqualTo("string");
			assertThat(name.has("enum")).isFalse();
		}
	}

	@Test
	void aSkillTheCatalogLeftOutIsFoundBySearchSkillsAndActivatedByName() {
		skills(200);
		this.model.thenCall("search_skills", "{\"query\":\"invoice\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"vat-invoices\"}")
			.thenAnswer("done");

		client(800).prompt().user("Hello there").call().content();

		assertThat(prompt(0).getSystemMessage().getText()).doesNotContain("vat-invoices");
		assertThat(Prompts.lastToolResult(prompt(1)))
			.isEqualTo("<skill><name>vat-invoices</name><description>Does vat-invoices things.</description></skill>");
		assertThat(Prompts.lastToolResult(prompt(2))).startsWith(Prompts.contentTag("vat-invoices"))
			.contains("Number invoices by year");
	}

	@Test
	void anUnknownNameInAPartialCatalogIsAnsweredWithTheClosestNames() {
		skills(200);
		this.model.thenCall("activate_skill", "{\"skill_name\":\"vat-invoicez\"}").thenAnswer("done");

		client(800).prompt().user("Hello").call().content();

		assertThat(Prompts.lastToolResult(prompt(1))).isEqualTo("Unknown skill 'vat-invoicez'. Closest names: "
				+ "vat-invoices. Call search_skills to find a skill by what it does.");
	}

	@Test
	void anUnknownTenMegabyteNameWithEscapesComesBackShortWithoutTheRawCharacters() {
		skills(200);
		String name = "\u001B[31m\u202E" + "x".repeat(10_000_000);
		this.model.thenCall("activate_skill", Prompts.JSON.createObjectNode().put("skill_name", name).toString())
			.thenAnswer("done");

		client(800).prompt().user("Hello").call().content();

		assertThat(Prompts.lastToolResult(prompt(1))).hasSizeLessThan(2_000)
			.startsWith("Unknown skill '?[31m?xxx")
			.doesNotContain("\u001B", "\u202E");
	}

	@Test
	void searchSkillsAnswersWithin20000CharactersWhateverTheDescriptions() {
		for (int i = 0; i < 12; i++) {
			SkillFixtures.write(this.root.resolve("invoice-" + i + "/SKILL.md"), "---\nname: invoice-" + i
					+ "\ndescription: Invoice " + "paperwork ".repeat(2_400) + "\n---\nBody.\n");
		}
		skills(200);
		this.model.thenCall("search_skills", "{\"query\":\"invoice paperwork\"}").thenAnswer("ok");

		client(800).prompt().user("Hello").call().content();

		assertThat(Prompts.lastToolResult(prompt(1))).hasSizeLessThanOrEqualTo(20_000)
			.contains("<skill><name>invoice-");
	}

	@Test
	void searchSkillsExplainsAMissingQueryAndANoMatch() {
		skills(200);
		this.model.thenCall("search_skills", "{}")
			.thenCall("search_skills", "{\"query\":\"zeppelin\"}")
			.thenAnswer("ok");

		client(800).prompt().user("Hello").call().content();

		assertThat(Prompts.lastToolResult(prompt(1))).startsWith("Error: query is required");
		assertThat(Prompts.lastToolResult(prompt(2)))
			.isEqualTo("No skill matches these keywords. Try other words, or go on without a skill.");
	}

	private static int countEntries(String text) {
		return (int) text.lines().filter((line) -> line.startsWith("<skill><name>")).count();
	}

}
