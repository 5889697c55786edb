package dev.skills.spring.ai.advisor;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.RecordingTool;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole on-demand loop through a real ChatClient and its real tool-calling advisor.
 */
class SkillsAdvisorToolLoopTests {

	final InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

	static final String PDF_CONTENT = """
			<skill_content name="pdf-processing">
			# PDF processing

			Run scripts/extract.py on the file, then check references/REFERENCE.md.

			Compatibility: Requires python3 and pypdf
			Relative paths in this skill are relative to the skill directory. Read a bundled file with read_skill_resource(skill_name="pdf-processing", path="<relative path>").

			<skill_resources>
			  <file>assets/form.txt</file>
			  <file>references/REFERENCE.md</file>
			  <file>scripts/extract.py</file>
			</skill_resources>
			</skill_content>""";

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	@BeforeEach
	void skills() {
		Path pdf = SkillFixtures.skillWithFrontmatter(this.root, "pdf-processing",
				"compatibility: Requires python3 and pypdf",
				"# PDF processing\n\nRun scripts/extract.py on the file, then check references/REFERENCE.md.");
		// Written out of order, with entries that must never be listed.
		SkillFixtures.write(pdf.resolve("scripts/extract.py"), "print('text')\n");
		SkillFixtures.write(pdf.resolve("references/REFERENCE.md"), "# Reference\nUse pypdf.\n");
		SkillFixtures.write(pdf.resolve("assets/form.txt"), "Name: ____\n");
		SkillFixtures.write(pdf.resolve(".hidden/notes.md"), "secret");
		SkillFixtures.write(pdf.resolve("scripts/__pycache__/extract.cpython-312.pyc"), "x");
		SkillFixtures.skill(this.root, "csv-tools");
		this.registry = TestRegistries.of(this.root);
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	ChatClient client(SkillsAdvisor advisor) {
		return ChatClient.builder(this.model).defaultAdvisors(advisor).build();
	}

	@Test
	void activationReturnsTheExactSkillContentAndTheFileReadReturnsTheFile() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/REFERENCE.md\"}")
			.thenAnswer("done");
		SkillsAdvisor advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build();

		String answer = client(advisor).prompt().system("You help.").user("Extract the PDF text").call().content();

		assertThat(answer).isEqualTo("done");
		assertThat(this.model.prompts()).hasSize(3);
		assertThat(Prompts.toolResults(this.model.prompts().get(0))).isEmpty();
		assertThat(Prompts.toolResults(this.model.prompts().get(1))).containsExactly(PDF_CONTENT);
		assertThat(Prompts.toolResults(this.model.prompts().get(2))).containsExactly(PDF_CONTENT,
				"# Reference\nUse pypdf.\n");
		assertThat(this.activeSkills.findByConversationId(SkillsAdvisor.DEFAULT_CONVERSATION_ID)).extracting("name")
			.containsExactly("pdf-processing");
	}

	@Test
	void laterPromptsCarryTheWholeTurnInOrder() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"scripts/extract.py\"}")
			.thenAnswer("done");

		client(SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build()).prompt().system("You help.").user("Extract the PDF text").call().content();

		List<Message> messages = this.model.prompts().get(2).getInstructions();
		assertThat(messages).extracting((message) -> message.getClass().getSimpleName())
			.containsExactly("SystemMessage", "UserMessage", "AssistantMessage", "ToolResponseMessage",
					"AssistantMessage", "ToolResponseMessage");
		assertThat(((AssistantMessage) messages.get(2)).getToolCalls()).extracting(AssistantMessage.ToolCall::name)
			.containsExactly("activate_skill");
		assertThat(((ToolResponseMessage) messages.get(3)).getResponses().get(0).name()).isEqualTo("activate_skill");
		assertThat(((ToolResponseMessage) messages.get(5)).getResponses().get(0).responseData())
			.isEqualTo("print('text')\n");
		assertThat(((UserMessage) messages.get(1)).getText()).isEqualTo("Extract the PDF text");
	}

	@Test
	void theSystemMessageGetsTheInstructionAndCatalogAppended() {
		this.model.thenAnswer("hi");

		client(SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build()).prompt().system("You help.").user("Hello").call().content();

		assertThat(this.model.prompts().get(0).getSystemMessage().getText()).isEqualTo("""
				You help.

				The skills below hold instructions for specific tasks. When a task matches a skill's description, \
				call activate_skill with the skill's name to load its instructions before you start.

				<available_skills>
				<skill><name>csv-tools</name><description>Does csv-tools things.</description></skill>
				<skill><name>pdf-processing</name><description>Does pdf-processing things.</description></skill>
				</available_skills>""");
		assertThat(Prompts.toolNames(this.model.prompts().get(0))).containsExactly("activate_skill",
				"read_skill_resource");
	}

	@Test
	void withoutASystemMessageTheCatalogBecomesTheSystemMessage() {
		this.model.thenAnswer("hi");

		client(SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build()).prompt().user("Hello").call().content();

		List<Message> messages = this.model.prompts().get(0).getInstructions();
		assertThat(messages.get(0)).isInstanceOf(SystemMessage.class);
		assertThat(messages.get(0).getText()).startsWith("The skills below hold instructions")
			.endsWith("</available_skills>");
		assertThat(messages.get(1).getText()).isEqualTo("Hello");
	}

	@Test
	void aSkillWithoutCompatibilityOrFilesIsOnlyItsInstructions() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"csv-tools\"}").thenAnswer("done");

		client(SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build()).prompt().user("Sum the CSV").call().content();

		assertThat(Prompts.lastToolResult(this.model.prompts().get(1)))
			.isEqualTo("<skill_content name=\"csv-tools\">\nInstructions of csv-tools.\n</skill_content>");
	}

	@Test
	void aSecondActivationInTheSameRequestAnswersAlreadyActive() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("done");

		client(SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build()).prompt().user("Extract").call().content();

		assertThat(Prompts.toolResults(this.model.prompts().get(2))).containsExactly(PDF_CONTENT,
				"Skill 'pdf-processing' is already active: its instructions are in the conversation above. "
						+ "Follow them.");
	}

	@Test
	void twoActivationsOfTheSameSkillInOneResponseSendTheContentOnce() {
		this.model
			.thenCalls("activate_skill", "{\"skill_name\":\"pdf-processing\"}", "activate_skill",
					"{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("done");

		client(SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build()).prompt().user("Extract").call().content();

		Prompt last = this.model.prompts().get(1);
		assertThat(Prompts.occurrences(last, Prompts.contentTag("pdf-processing"))).isEqualTo(1);
		assertThat(Prompts.toolResults(last)).hasSize(2).contains(PDF_CONTENT);
	}

	@Test
	void theConversationIdOfTheRequestRecordsTheActivation() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"csv-tools\"}").thenAnswer("done");
		SkillsAdvisor advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build();

		client(advisor).prompt()
			.user("Sum the CSV")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();

		assertThat(this.activeSkills.findByConversationId("c1")).extracting("name").containsExactly("csv-tools");
		assertThat(this.activeSkills.findByConversationId(SkillsAdvisor.DEFAULT_CONVERSATION_ID)).isEmpty();
	}

	@Test
	void preloadedSkillsAreAlwaysInTheSystemMessageAndTheirRulesApply(@org.junit.jupiter.api.io.TempDir Path other) {
		SkillFixtures.skillWithFrontmatter(other, "house-style", "disallowed-tools: Bash", "Write in plain English.");
		SkillFixtures.skill(other, "pdf-processing");
		this.model.thenAnswer("ok");
		try (SkillsRegistry preloading = TestRegistries.of(other)) {
			ChatClient client = ChatClient.builder(this.model)
				.defaultAdvisors(SkillsAdvisor
					.builder(SkillsTools.builder(preloading).preload(List.of("house-style", "missing")).build())
					.build())
				.defaultTools(new RecordingTool("Bash"), new RecordingTool("Read"))
				.build();

			String answer = client.prompt().system("You help.").user("Hi").call().content();

			assertThat(answer).isEqualTo("ok");
			assertThat(this.model.prompts().get(0).getSystemMessage().getText()).startsWith("You help.\n\n")
				.endsWith("</available_skills>\n\n### Skill: house-style — Does house-style things.\n\n"
						+ "Write in plain English.");
			assertThat(Prompts.toolNames(this.model.prompts().get(0))).containsExactly("activate_skill", "Read");
		}
	}

}
