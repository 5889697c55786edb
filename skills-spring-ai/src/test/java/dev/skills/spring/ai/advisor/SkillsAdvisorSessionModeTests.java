package dev.skills.spring.ai.advisor;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.RecordingTool;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Session mode: the request names the skill, which is injected; the model chooses
 * nothing.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillsAdvisorSessionModeTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	ChatClient client;

	SkillsAdvisor advisor;

	@BeforeEach
	void skills() {
		Path support = SkillFixtures.skillWithFrontmatter(this.root, "support-desk", "", "Answer politely.");
		SkillFixtures.write(support.resolve("references/FAQ.md"), "Q: hours? A: 9-5.");
		Path billing = SkillFixtures.skill(this.root, "billing");
		SkillFixtures.write(billing.resolve("references/PRICES.md"), "secret prices");
		SkillFixtures.skillWithFrontmatter(this.root, "plain", "", "No files here.");
		this.registry = TestRegistries.of(this.root);
		this.advisor = SkillsAdvisor.builder(this.registry)
			.mode(SkillsAdvisor.Mode.SESSION)
			.preloadFrom("SKILL_NAME")
			.build();
		this.client = ChatClient.builder(this.model).defaultAdvisors(this.advisor).build();
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	Prompt prompt(int index) {
		return this.model.prompts().get(index);
	}

	@Test
	void theNamedSkillIsInjectedAsASystemMessageAfterTheSystemMessage() {
		this.model.thenAnswer("ok");

		this.client.prompt()
			.system("You help.")
			.user("When are you open?")
			.advisors((a) -> a.param("SKILL_NAME", "support-desk"))
			.call()
			.content();

		List<Message> messages = prompt(0).getInstructions();
		assertThat(messages).hasSize(3);
		assertThat(messages.get(0).getText()).isEqualTo("You help.");
		assertThat(messages.get(1)).isInstanceOf(SystemMessage.class);
		assertThat(messages.get(1).getText()).isEqualTo(
				"""
						<skill_content name="support-desk">
						Answer politely.

						Relative paths in this skill are relative to the skill directory. Read a bundled file with read_skill_resource(skill_name="support-desk", path="<relative path>").

						<skill_resources>
						  <file>references/FAQ.md</file>
						</skill_resources>
						</skill_content>""");
		assertThat(messages.get(2).getText()).isEqualTo("When are you open?");
	}

	@Test
	void thereIsNoCatalogAndNoActivateSkill() {
		this.model.thenAnswer("ok");

		this.client.prompt()
			.system("You help.")
			.user("Hi")
			.advisors((a) -> a.param("SKILL_NAME", "support-desk"))
			.call()
			.content();

		assertThat(Prompts.allText(prompt(0))).doesNotContain("available_skills").doesNotContain("activate_skill(");
		assertThat(Prompts.toolNames(prompt(0))).containsExactly("read_skill_resource");
		assertThat(Prompts.enumOf(Prompts.toolDefinition(prompt(0), "read_skill_resource")))
			.containsExactly("support-desk");
	}

	@Test
	void theSessionSkillsFilesCanBeRead() {
		this.model.thenCall("read_skill_resource", "{\"skill_name\":\"support-desk\",\"path\":\"references/FAQ.md\"}")
			.thenAnswer("9 to 5");

		String answer = this.client.prompt()
			.user("When are you open?")
			.advisors((a) -> a.param("SKILL_NAME", "support-desk"))
			.call()
			.content();

		assertThat(answer).isEqualTo("9 to 5");
		assertThat(Prompts.lastToolResult(prompt(1))).isEqualTo("Q: hours? A: 9-5.");
	}

	@Test
	void anotherSkillsFilesAreRefused() {
		this.model.thenCall("read_skill_resource", "{\"skill_name\":\"billing\",\"path\":\"references/PRICES.md\"}")
			.thenAnswer("sorry");

		this.client.prompt().user("Prices?").advisors((a) -> a.param("SKILL_NAME", "support-desk")).call().content();

		assertThat(Prompts.lastToolResult(prompt(1)))
			.isEqualTo("Error: only the files of skill 'support-desk' can be read in this session.");
	}

	@Test
	void aModelThatCallsActivateSkillInSessionModeGetsTheRefusalAndTheRequestGoesOn() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"billing\"}").thenAnswer("ok without it");

		String answer = this.client.prompt()
			.user("Prices?")
			.advisors((a) -> a.param("SKILL_NAME", "support-desk"))
			.call()
			.content();

		assertThat(answer).isEqualTo("ok without it");
		assertThat(Prompts.refusedToolNames(prompt(0))).containsExactly("activate_skill");
		assertThat(Prompts.lastToolResult(prompt(1))).isEqualTo("Error: activate_skill is not available in session "
				+ "mode: the application chose the skill of this call.");
	}

	@Test
	void aSessionSkillWithoutFilesGetsNoTools() {
		this.model.thenAnswer("ok");

		this.client.prompt().user("Hi").advisors((a) -> a.param("SKILL_NAME", "plain")).call().content();

		assertThat(Prompts.toolNames(prompt(0))).isEmpty();
		assertThat(prompt(0).getInstructions().get(0).getText())
			.isEqualTo("<skill_content name=\"plain\">\nNo files here.\n</skill_content>");
	}

	@Test
	void eachRequestGetsItsOwnSkill() {
		this.model.thenAnswer("one").thenAnswer("two");

		this.client.prompt().user("Hi").advisors((a) -> a.param("SKILL_NAME", "support-desk")).call().content();
		this.client.prompt().user("Hi").advisors((a) -> a.param("SKILL_NAME", "billing")).call().content();

		assertThat(Prompts.allText(prompt(0))).contains(Prompts.contentTag("support-desk"))
			.doesNotContain(Prompts.contentTag("billing"));
		assertThat(Prompts.allText(prompt(1))).contains(Prompts.contentTag("billing"))
			.doesNotContain(Prompts.contentTag("support-desk"));
		assertThat(Prompts.enumOf(Prompts.toolDefinition(prompt(1), "read_skill_resource"))).containsExactly("billing");
	}

	@Test
	void aMissingValueMeansNoSkillAndAWarning(CapturedOutput output) {
		this.model.thenAnswer("ok");

		String answer = this.client.prompt().system("You help.").user("Hi").call().content();

		assertThat(answer).isEqualTo("ok");
		assertThat(prompt(0).getInstructions()).hasSize(2);
		assertThat(prompt(0).getSystemMessage().getText()).isEqualTo("You help.");
		assertThat(Prompts.toolNames(prompt(0))).isEmpty();
		assertThat(output).contains("WARN")
			.contains("Session mode: the request context has no 'SKILL_NAME'; no skill is used");
	}

	@Test
	void anUnknownValueMeansNoSkillAndAWarning(CapturedOutput output) {
		this.model.thenAnswer("ok");

		String answer = this.client.prompt()
			.system("You help.")
			.user("Hi")
			.advisors((a) -> a.param("SKILL_NAME", "no-such-skill"))
			.call()
			.content();

		assertThat(answer).isEqualTo("ok");
		assertThat(prompt(0).getInstructions()).hasSize(2);
		assertThat(Prompts.allText(prompt(0))).doesNotContain("skill_content");
		assertThat(Prompts.toolNames(prompt(0))).isEmpty();
		assertThat(output).contains("Session mode: unknown skill 'no-such-skill' in 'SKILL_NAME'; no skill is used");
	}

	@Test
	void sessionModeWithoutPreloadFromIsRefusedAtBuildTime() {
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> SkillsAdvisor.builder(this.registry).mode(SkillsAdvisor.Mode.SESSION).build())
			.withMessageStartingWith("preloadFrom is not set: session mode needs the request context key")
			.satisfies((ex) -> {
				assertThat(ex.getSetting()).isEqualTo("preloadFrom");
				assertThat(ex.getValue()).isNull();
				assertThat(ex.getHint()).contains("SKILL_NAME", "on-demand mode");
			});
		assertThatExceptionOfType(InvalidSkillSettingException.class).isThrownBy(
				() -> SkillsAdvisor.builder(this.registry).mode(SkillsAdvisor.Mode.SESSION).preloadFrom(" ").build())
			.satisfies((ex) -> assertThat(ex.getValue()).isEqualTo(" "));
	}

	@Test
	void withoutAModeTheAdvisorOffersTheCatalogAndIgnoresTheContextKey() {
		this.model.thenAnswer("ok");

		ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(this.registry).build())
			.build()
			.prompt()
			.user("Hi")
			.advisors((a) -> a.param("SKILL_NAME", "plain"))
			.call()
			.content();

		assertThat(Prompts.allText(prompt(0))).contains("available_skills").doesNotContain(Prompts.contentTag("plain"));
	}

	@Test
	void theSessionSkillsToolRulesScopeTheRequestsTools() {
		SkillFixtures.skillWithFrontmatter(this.root, "read-only", "allowed-tools: Read", "Only read.");
		this.registry.reload();
		RecordingTool read = new RecordingTool("Read");
		RecordingTool bash = new RecordingTool("Bash");
		this.model.thenCall("Read", "{}").thenAnswer("ok");

		this.client.prompt()
			.user("Hi")
			.tools(read, bash)
			.advisors((a) -> a.param("SKILL_NAME", "read-only"))
			.call()
			.content();

		assertThat(Prompts.toolNames(prompt(0))).containsExactly("Read");
		assertThat(Prompts.lastToolResult(prompt(1))).isEqualTo("Read ran");
	}

}
