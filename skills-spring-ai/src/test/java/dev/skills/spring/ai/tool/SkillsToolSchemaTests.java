package dev.skills.spring.ai.tool;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.RecordingTool;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The skill tools the model is offered: which exist, their schemas, and how they follow
 * the registry's snapshots.
 */
class SkillsToolSchemaTests {

	@TempDir
	Path root;

	ScriptedChatModel model = new ScriptedChatModel();

	String ask(ChatClient client) {
		this.model.thenAnswer("ok");
		return client.prompt().system("You help.").user("Hello").call().content();
	}

	Prompt lastPrompt() {
		return this.model.prompts().get(this.model.prompts().size() - 1);
	}

	@Test
	void activateSkillSchemaIsAnObjectWithARequiredSkillNameEnum() {
		SkillFixtures.skill(this.root, "beta");
		SkillFixtures.skill(this.root, "alpha");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ask(ChatClient.builder(this.model).defaultAdvisors(SkillsAdvisor.builder(registry).build()).build());

			JsonNode schema = Prompts.JSON
				.readTree(Prompts.toolDefinition(lastPrompt(), "activate_skill").inputSchema());
			assertThat(schema.get("type").asString()).isEqualTo("object");
			assertThat(schema.get("required").get(0).asString()).isEqualTo("skill_name");
			assertThat(schema.get("properties").get("skill_name").get("type").asString()).isEqualTo("string");
			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha",
					"beta");
		}
	}

	@Test
	void theEnumGainsASkillAddedOnDiskAfterAReload() {
		SkillFixtures.skill(this.root, "alpha");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha");

			SkillFixtures.skill(this.root, "gamma");
			registry.reload();
			ask(client);

			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha",
					"gamma");
			assertThat(lastPrompt().getSystemMessage().getText()).contains("<name>gamma</name>");
		}
	}

	@Test
	void theEnumLosesASkillRemovedFromDiskAfterARefresh() throws IOException {
		SkillFixtures.skill(this.root, "alpha");
		Path gamma = SkillFixtures.skill(this.root, "gamma");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha",
					"gamma");

			Files.delete(gamma.resolve("SKILL.md"));
			Files.delete(gamma);
			registry.refresh(List.of(gamma));
			ask(client);

			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha");
			assertThat(lastPrompt().getSystemMessage().getText()).doesNotContain("gamma");
		}
	}

	@Test
	void theEnumFollowsHotReloadWithoutAnyCall() {
		SkillFixtures.skill(this.root, "alpha");
		SkillConfig config = SkillConfig.builder()
			.skillsDir(this.root.toString())
			.hotReload(true)
			.watchDebounce(Duration.ofMillis(20))
			.pollInterval(Duration.ofMillis(100))
			.build();
		try (SkillsRegistry registry = SkillsRegistry.create(config)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha");

			SkillFixtures.skill(this.root, "delta");
			await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("delta"));
			ask(client);

			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha",
					"delta");
		}
	}

	@Test
	void readSkillResourceSchemaNamesOnlyTheSkillsThatBundleFilesAndRequiresAPath() {
		Path alpha = SkillFixtures.skill(this.root, "alpha");
		SkillFixtures.write(alpha.resolve("references/A.md"), "a");
		SkillFixtures.skill(this.root, "beta");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ask(ChatClient.builder(this.model).defaultAdvisors(SkillsAdvisor.builder(registry).build()).build());

			ToolDefinition read = Prompts.toolDefinition(lastPrompt(), "read_skill_resource");
			JsonNode schema = Prompts.JSON.readTree(read.inputSchema());
			assertThat(Prompts.enumOf(read)).containsExactly("alpha");
			assertThat(Prompts.enumOf(Prompts.toolDefinition(lastPrompt(), "activate_skill"))).containsExactly("alpha",
					"beta");
			assertThat(schema.get("properties").get("path").get("type").asString()).isEqualTo("string");
			assertThat(schema.get("required")).extracting(JsonNode::asString).containsExactly("skill_name", "path");
		}
	}

	@Test
	void withoutSkillsThereIsNoCatalogAndNoSkillTool() {
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			RecordingTool other = new RecordingTool("Read");
			ask(ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.defaultTools(other)
				.build());

			assertThat(lastPrompt().getSystemMessage().getText()).isEqualTo("You help.");
			assertThat(lastPrompt().getInstructions()).hasSize(2);
			assertThat(Prompts.toolNames(lastPrompt())).containsExactly("Read");
		}
	}

	@Test
	void withoutBundledFilesThereIsNoReadSkillResource() {
		SkillFixtures.skill(this.root, "alpha");
		SkillFixtures.skill(this.root, "beta");
		// Neither hidden files nor tool caches count as bundled files.
		SkillFixtures.write(this.root.resolve("alpha/.env"), "x");
		SkillFixtures.write(this.root.resolve("beta/node_modules/x/index.js"), "x");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ask(ChatClient.builder(this.model).defaultAdvisors(SkillsAdvisor.builder(registry).build()).build());

			assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill");
		}
	}

	@Test
	void readSkillResourceAppearsOnceASkillBundlesAFile() {
		SkillFixtures.skill(this.root, "alpha");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill");

			SkillFixtures.skill(this.root, "beta");
			SkillFixtures.write(this.root.resolve("beta/scripts/run.sh"), "echo hi");
			registry.reload();
			ask(client);

			assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "read_skill_resource");
		}
	}

	@Test
	void readSkillResourceAppearsWhenAnExistingSkillGetsItsFirstFile() {
		SkillFixtures.skill(this.root, "alpha");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill");

			java.nio.file.Path script = this.root.resolve("alpha/scripts/run.sh");
			SkillFixtures.write(script, "echo hi");
			registry.refresh(java.util.List.of(script));
			ask(client);

			assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "read_skill_resource");
		}
	}

	@Test
	void twoRequestsOfOneGenerationShareTheToolDefinitionsAndTheCatalog() {
		Path alpha = SkillFixtures.skill(this.root, "alpha");
		SkillFixtures.write(alpha.resolve("notes.md"), "n");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			Prompt first = lastPrompt();
			String firstCatalog = registry.snapshot().catalog();
			ask(client);
			Prompt second = lastPrompt();

			assertThat(Prompts.toolDefinition(second, "activate_skill"))
				.isSameAs(Prompts.toolDefinition(first, "activate_skill"));
			assertThat(Prompts.toolDefinition(second, "read_skill_resource"))
				.isSameAs(Prompts.toolDefinition(first, "read_skill_resource"));
			assertThat(registry.snapshot().catalog()).isSameAs(firstCatalog);
			assertThat(second.getSystemMessage().getText()).endsWith(firstCatalog)
				.isEqualTo(first.getSystemMessage().getText());
		}
	}

	@Test
	void aReloadThatChangesSkillsGivesNewDefinitionsAndANewCatalog() {
		SkillFixtures.skill(this.root, "alpha");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			ToolDefinition before = Prompts.toolDefinition(lastPrompt(), "activate_skill");
			String catalogBefore = registry.snapshot().catalog();

			SkillFixtures.skill(this.root, "beta");
			registry.reload();
			ask(client);

			assertThat(Prompts.toolDefinition(lastPrompt(), "activate_skill")).isNotSameAs(before);
			assertThat(registry.snapshot().catalog()).isNotSameAs(catalogBefore).contains("<name>beta</name>");
		}
	}

	@Test
	void aReloadThatChangesNothingKeepsTheDefinitions() {
		SkillFixtures.skill(this.root, "alpha");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			ask(client);
			ToolDefinition before = Prompts.toolDefinition(lastPrompt(), "activate_skill");

			registry.reload();
			ask(client);

			assertThat(Prompts.toolDefinition(lastPrompt(), "activate_skill")).isSameAs(before);
		}
	}

	@Test
	void theToolCallbackProviderFollowsTheCurrentSnapshot() {
		SkillFixtures.skill(this.root, "alpha");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			SkillsTools tools = SkillsTools.builder(registry)
				.activeSkillsRepository(new InMemoryActiveSkillsRepository())
				.build();
			SkillsToolCallbackProvider provider = new SkillsToolCallbackProvider(tools,
					SkillCatalog.builder(registry).build());
			ToolCallback[] first = provider.getToolCallbacks();
			assertThat(first).extracting((tool) -> tool.getToolDefinition().name()).containsExactly("activate_skill");
			assertThat(provider.getToolCallbacks()[0]).isSameAs(first[0]);

			SkillFixtures.skill(this.root, "beta");
			SkillFixtures.write(this.root.resolve("beta/assets/logo.svg"), "<svg/>");
			registry.reload();

			ToolCallback[] second = provider.getToolCallbacks();
			assertThat(second).extracting((tool) -> tool.getToolDefinition().name())
				.containsExactly("activate_skill", "read_skill_resource");
		}
	}

	@Test
	void whenTheWholeCatalogDoesNotFitTheBudgetThenTheProviderOffersSearchInsteadOfAnEnumOfEveryName() {
		for (int i = 0; i < 30; i++) {
			SkillFixtures.skill(this.root, "skill-" + i);
		}
		SkillFixtures.skillWithFrontmatter(this.root, "pdf-forms", "when_to_use: Fill in the fields of PDF forms.",
				"Use pdftk.");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			SkillsTools tools = SkillsTools.builder(registry).build();
			SkillsToolCallbackProvider tight = new SkillsToolCallbackProvider(tools,
					SkillCatalog.builder(registry).maxTokens(200).build());
			SkillsToolCallbackProvider roomy = new SkillsToolCallbackProvider(tools,
					SkillCatalog.builder(registry).build());

			ToolCallback[] partial = tight.getToolCallbacks();
			ToolCallback[] whole = roomy.getToolCallbacks();

			assertThat(partial).extracting((tool) -> tool.getToolDefinition().name())
				.containsExactly("activate_skill", "search_skills");
			assertThat(Prompts.JSON.readTree(partial[0].getToolDefinition().inputSchema())
				.at("/properties/skill_name/enum")
				.isMissingNode()).isTrue();
			assertThat(partial[1].call("{\"query\": \"fill pdf form\"}")).startsWith("<skill><name>pdf-forms</name>");
			assertThat(whole).extracting((tool) -> tool.getToolDefinition().name()).containsExactly("activate_skill");
			assertThat(Prompts.enumOf(whole[0].getToolDefinition())).hasSize(31).contains("pdf-forms");
		}
	}

}
