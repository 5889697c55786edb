package dev.skills.spring.ai.advisor;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeping active skills in context when chat memory has lost their content, per
 * conversation.
 */
class SkillsAdvisorReinjectionTests {

	final InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

	static final String ALREADY_ACTIVE = "Skill 'pdf-processing' is already active: its instructions are in the "
			+ "conversation above. Follow them.";

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	ChatMemory memory = MessageWindowChatMemory.builder().maxMessages(4).build();

	SkillsAdvisor advisor;

	ChatClient client;

	String pdfContent;

	@BeforeEach
	void skills() {
		Path pdf = SkillFixtures.skillWithFrontmatter(this.root, "pdf-processing", "", "Use pypdf.");
		SkillFixtures.write(pdf.resolve("references/FORMS.md"), "Fill every field.");
		SkillFixtures.skillWithFrontmatter(this.root, "csv-tools", "", "Use pandas.");
		this.registry = TestRegistries.of(this.root);
		this.pdfContent = "<skill_content name=\"pdf-processing\">\nUse pypdf.\n\nRelative paths in this skill are "
				+ "relative to the skill directory. Read a bundled file with read_skill_resource(skill_name=\"pdf-"
				+ "processing\", path=\"<relative path>\").\n\n<skill_resources>\n  <file>references/FORMS.md</file>\n"
				+ "</skill_resources>\n</skill_content>";
		this.advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build();
		this.client = ChatClient.builder(this.model)
			// Listed first on purpose: the orders, not the list, put it after chat
			// memory.
			.defaultAdvisors(this.advisor, MessageChatMemoryAdvisor.builder(this.memory).build())
			.build();
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	String ask(String conversation, String user) {
		return this.client.prompt()
			.system("You help.")
			.user(user)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	Prompt prompt(int index) {
		return this.model.prompts().get(index);
	}

	@Test
	void theActivationItselfIsNotDuplicatedWithinItsRequest() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("activated");

		ask("c1", "Fill the PDF form");

		assertThat(Prompts.occurrences(prompt(0), "<skill_content")).isZero();
		assertThat(Prompts.occurrences(prompt(1), Prompts.contentTag("pdf-processing"))).isEqualTo(1);
		assertThat(Prompts.toolResults(prompt(1))).containsExactly(this.pdfContent);
	}

	@Test
	void whenMemoryNoLongerHoldsTheContentTheNextCallCarriesItExactlyOnce() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("activated")
			.thenAnswer("second")
			.thenAnswer("third")
			.thenAnswer("fourth");

		ask("c1", "Fill the PDF form");
		ask("c1", "And the next page?");
		ask("c1", "And the third one?");
		ask("c1", "And the last one?");

		// Memory keeps user and final assistant messages only: the tool result is gone.
		assertThat(this.memory.get("c1")).noneMatch(ToolResponseMessage.class::isInstance)
			.noneMatch((message) -> message.getText().contains("<skill_content"));
		for (Prompt later : List.of(prompt(2), prompt(3), prompt(4))) {
			List<Message> messages = later.getInstructions();
			assertThat(Prompts.occurrences(later, "<skill_content")).isEqualTo(1);
			assertThat(messages.get(0)).isInstanceOf(SystemMessage.class);
			assertThat(messages.get(0).getText()).startsWith("You help.").contains("<available_skills>");
			assertThat(messages.get(1)).isInstanceOf(SystemMessage.class);
			assertThat(messages.get(1).getText()).isEqualTo(this.pdfContent);
		}
		// The window of four dropped the first exchange by the fourth call: only the
		// skill survives.
		assertThat(Prompts.allText(prompt(4))).doesNotContain("Fill the PDF form")
			.doesNotContain("activated")
			.contains("And the third one?")
			.contains("And the last one?");
	}

	@Test
	void activatingAgainWhileTheContentIsInThePromptAnswersAlreadyActive() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("activated");

		ask("c1", "Fill the PDF form");

		assertThat(Prompts.toolResults(prompt(2))).containsExactly(this.pdfContent, ALREADY_ACTIVE);
	}

	@Test
	void activatingAgainAfterTheContentWasReinjectedAnswersAlreadyActive() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("activated")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("still there");

		ask("c1", "Fill the PDF form");
		String answer = ask("c1", "Use the PDF skill again");

		assertThat(answer).isEqualTo("still there");
		Prompt last = prompt(3);
		assertThat(Prompts.toolResults(last)).containsExactly(ALREADY_ACTIVE);
		assertThat(Prompts.occurrences(last, Prompts.contentTag("pdf-processing"))).isEqualTo(1);
		assertThat(this.activeSkills.findByConversationId("c1")).extracting("name").containsExactly("pdf-processing");
	}

	@Test
	void aSkillWhoseContentIsNotInThePromptIsSentInFull() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("activated")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("activated elsewhere");

		ask("c1", "Fill the PDF form");
		ask("c2", "Fill my PDF form");

		assertThat(Prompts.toolResults(prompt(3))).containsExactly(this.pdfContent);
	}

	@Test
	void reinjectionKeepsActivationOrder() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"csv-tools\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("both")
			.thenAnswer("next");

		ask("c1", "Convert the CSV into a PDF");
		ask("c1", "Again");

		List<Message> messages = prompt(3).getInstructions();
		assertThat(messages.get(1).getText()).startsWith(Prompts.contentTag("csv-tools"));
		assertThat(messages.get(2).getText()).isEqualTo(this.pdfContent);
		assertThat(Prompts.occurrences(prompt(3), "<skill_content")).isEqualTo(2);
	}

	@Test
	void aSkillRemovedFromTheRegistryIsNotReinjected() throws Exception {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"csv-tools\"}").thenAnswer("ok").thenAnswer("next");
		ask("c1", "Sum the CSV");

		org.springframework.util.FileSystemUtils.deleteRecursively(this.root.resolve("csv-tools"));
		this.registry.reload();
		ask("c1", "Again");

		assertThat(Prompts.allText(prompt(2))).doesNotContain("<skill_content");
	}

	@Test
	void conversationsNeverSeeEachOthersActiveSkills() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("c1 activated")
			.thenCall("activate_skill", "{\"skill_name\":\"csv-tools\"}")
			.thenAnswer("c2 activated")
			.thenAnswer("c1 again")
			.thenAnswer("c2 again");

		ask("c1", "Fill the PDF form");
		ask("c2", "Sum the CSV");
		ask("c1", "More PDF");
		ask("c2", "More CSV");

		// c2's first request: nothing of c1's.
		assertThat(Prompts.allText(prompt(2))).doesNotContain("<skill_content").doesNotContain("Fill the PDF form");
		Prompt c1Again = prompt(4);
		assertThat(Prompts.allText(c1Again)).contains(Prompts.contentTag("pdf-processing"))
			.doesNotContain(Prompts.contentTag("csv-tools"));
		Prompt c2Again = prompt(5);
		assertThat(Prompts.allText(c2Again)).contains(Prompts.contentTag("csv-tools"))
			.doesNotContain(Prompts.contentTag("pdf-processing"));
		assertThat(this.activeSkills.findByConversationId("c1")).extracting("name").containsExactly("pdf-processing");
		assertThat(this.activeSkills.findByConversationId("c2")).extracting("name").containsExactly("csv-tools");
		assertThat(this.activeSkills.findByConversationId(SkillsAdvisor.DEFAULT_CONVERSATION_ID)).isEmpty();
	}

	@Test
	void requestsWithoutConversationIdShareTheDefaultConversation() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"csv-tools\"}").thenAnswer("ok").thenAnswer("next");

		// No chat memory here: it needs a conversation id.
		ChatClient client = ChatClient.builder(this.model).defaultAdvisors(this.advisor).build();
		client.prompt().user("Sum the CSV").call().content();
		client.prompt().user("Again").call().content();

		assertThat(this.activeSkills.findByConversationId(SkillsAdvisor.DEFAULT_CONVERSATION_ID)).extracting("name")
			.containsExactly("csv-tools");
		assertThat(Prompts.occurrences(prompt(2), Prompts.contentTag("csv-tools"))).isEqualTo(1);
	}

	@Test
	void theAdvisorRunsAfterChatMemoryAndBeforeTheToolLoop() {
		assertThat(this.advisor.getOrder()).isEqualTo(SkillsAdvisor.DEFAULT_ORDER)
			.isGreaterThan(org.springframework.ai.chat.client.advisor.api.Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER)
			.isLessThan(org.springframework.ai.chat.client.advisor.ToolCallingAdvisor.DEFAULT_ORDER);
	}

	@Test
	void historyThatStillHoldsTheContentGetsNoSecondCopy() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("activated");
		ask("c1", "Fill the PDF form");
		List<Message> history = List.of(new org.springframework.ai.chat.messages.UserMessage("Fill the PDF form"),
				org.springframework.ai.chat.messages.AssistantMessage.builder()
					.content("")
					.toolCalls(List.of(new org.springframework.ai.chat.messages.AssistantMessage.ToolCall("t1",
							"function", "activate_skill", "{\"skill_name\":\"pdf-processing\"}")))
					.build(),
				ToolResponseMessage.builder()
					.responses(List.of(new ToolResponseMessage.ToolResponse("t1", "activate_skill", this.pdfContent)))
					.build(),
				new org.springframework.ai.chat.messages.AssistantMessage("activated"));
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("kept");

		// The application keeps its own history here, with no chat memory.
		ChatClient.builder(this.model)
			.defaultAdvisors(this.advisor)
			.build()
			.prompt()
			.messages(history)
			.user("Next page")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();

		assertThat(prompt(2).getInstructions())
			.noneMatch((message) -> message instanceof SystemMessage && message.getText().contains("<skill_content"));
		assertThat(Prompts.occurrences(prompt(2), Prompts.contentTag("pdf-processing"))).isEqualTo(1);
		assertThat(Prompts.lastToolResult(prompt(3))).isEqualTo(ALREADY_ACTIVE);
	}

}
