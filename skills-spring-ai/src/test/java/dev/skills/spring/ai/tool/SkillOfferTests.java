package dev.skills.spring.ai.tool;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which skills the model is offered by name: preloaded and built-in skills are not
 * listed, and a session-mode pin counts as the conversation's activation without going
 * through the listeners.
 */
class SkillOfferTests {

	@TempDir
	Path root;

	ScriptedChatModel model = new ScriptedChatModel();

	Prompt ask(SkillsTools tools) {
		this.model.thenAnswer("ok");
		ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(tools).build())
			.build()
			.prompt()
			.user("Hi")
			.call()
			.content();
		return this.model.prompts().get(this.model.prompts().size() - 1);
	}

	SkillsRegistry folderAndBuiltins() {
		return SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.root.toString(), SkillConfig.DEFAULT_LOCATION).build());
	}

	@Test
	void aPreloadedSkillIsNeitherInTheCatalogNorInTheActivateEnum() {
		SkillFixtures.skill(this.root, "house-style");
		SkillFixtures.skill(this.root, "pdf");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			Prompt prompt = ask(SkillsTools.builder(registry).preload(List.of("house-style")).build());

			String system = prompt.getSystemMessage().getText();
			assertThat(system).contains("<name>pdf</name>")
				.doesNotContain("<name>house-style</name>")
				.contains("### Skill: house-style");
			assertThat(Prompts.toolDefinition(prompt, "activate_skill").inputSchema()).contains("\"enum\":[\"pdf\"]");
		}
	}

	@Test
	void onlyPreloadedSkillsMeanNoCatalogAndNoActivateSkill() {
		SkillFixtures.skill(this.root, "house-style");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			Prompt prompt = ask(SkillsTools.builder(registry).preload(List.of("house-style")).build());

			assertThat(prompt.getSystemMessage().getText()).doesNotContain("<available_skills>");
			assertThat(Prompts.toolNames(prompt)).isEmpty();
		}
	}

	@Test
	void builtInSkillsAreNotListedUnlessAskedForButStayUsableByName() {
		SkillFixtures.skill(this.root, "pdf");
		try (SkillsRegistry registry = folderAndBuiltins()) {
			assertThat(registry.get("skill-authoring"))
				.hasValueSatisfying((skill) -> assertThat(skill.builtin()).isTrue());

			Prompt hidden = ask(SkillsTools.builder(registry).build());
			Prompt listed = ask(SkillsTools.builder(registry).listBuiltins(true).build());
			Prompt preloaded = ask(SkillsTools.builder(registry).preload(List.of("skill-authoring")).build());

			assertThat(hidden.getSystemMessage().getText()).doesNotContain("skill-authoring");
			assertThat(Prompts.toolDefinition(hidden, "activate_skill").inputSchema())
				.doesNotContain("skill-authoring");
			assertThat(listed.getSystemMessage().getText()).contains("<name>skill-authoring</name>");
			assertThat(preloaded.getSystemMessage().getText()).contains("### Skill: skill-authoring [system]");
		}
	}

	@Test
	void aSessionPinIsRecordedAsTheConversationsActivationButHeardByNoListener() {
		SkillFixtures.skill(this.root, "support-desk");
		InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();
		List<String> seen = new ArrayList<>();
		List<String> pins = new ArrayList<>();
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			SkillsTools tools = SkillsTools.builder(registry)
				.activeSkillsRepository(activeSkills)
				.listeners(List.of(recording(seen)))
				.pinRecorder(pins::add)
				.build();
			this.model.thenAnswer("one").thenAnswer("two");

			for (int i = 0; i < 2; i++) {
				pinned(tools, "support-desk");
			}

			assertThat(activeSkills.findByConversationId("c1")).extracting("name").containsExactly("support-desk");
			assertThat(seen).isEmpty();
			assertThat(pins).containsExactly("support-desk", "support-desk");
		}
	}

	@Test
	void aListenerThatRewritesNamesChangesNeitherThePinnedSkillNorItsRecord() {
		SkillFixtures.skill(this.root, "support-desk");
		SkillFixtures.skill(this.root, "other");
		InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();
		SkillInvocationListener rewrite = new SkillInvocationListener() {

			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				return invocation.withSkillName("other");
			}

		};
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			SkillsTools tools = SkillsTools.builder(registry)
				.activeSkillsRepository(activeSkills)
				.listeners(List.of(rewrite))
				.build();
			this.model.thenAnswer("one");

			Prompt prompt = pinned(tools, "support-desk");

			assertThat(activeSkills.findByConversationId("c1")).extracting("name").containsExactly("support-desk");
			assertThat(prompt.getInstructions()).anySatisfy(
					(message) -> assertThat(message.getText()).startsWith("<skill_content name=\"support-desk\">"));
			assertThat(prompt.getInstructions())
				.noneSatisfy((message) -> assertThat(message.getText()).contains("<skill_content name=\"other\">"));
		}
	}

	private Prompt pinned(SkillsTools tools, String skill) {
		ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(tools).mode(SkillsAdvisor.Mode.SESSION).preloadFrom("SKILL").build())
			.build()
			.prompt()
			.user("Hi")
			.advisors((a) -> a.param("SKILL", skill).param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();
		return this.model.prompts().get(this.model.prompts().size() - 1);
	}

	private static SkillInvocationListener recording(List<String> seen) {
		return new SkillInvocationListener() {

			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				seen.add("before " + invocation.skillName());
				return invocation;
			}

			@Override
			public String after(SkillInvocation invocation, String result, Outcome outcome) {
				seen.add(invocation.toolName() + ":" + invocation.skillName() + ":" + outcome);
				return result;
			}

		};
	}

}
