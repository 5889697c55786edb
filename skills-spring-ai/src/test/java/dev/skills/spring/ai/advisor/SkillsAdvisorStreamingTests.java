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
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.prompt.Prompt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaming requests get the same catalog, tools, activation and re-injection as calls.
 */
class SkillsAdvisorStreamingTests {

	final InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	ChatMemory memory = MessageWindowChatMemory.builder().maxMessages(4).build();

	SkillsAdvisor advisor;

	ChatClient client;

	RecordingTool bash = new RecordingTool("Bash");

	@BeforeEach
	void skills() {
		Path pdf = SkillFixtures.skillWithFrontmatter(this.root, "pdf-processing", "disallowed-tools: Bash",
				"Use pypdf.");
		SkillFixtures.write(pdf.resolve("references/FORMS.md"), "Fill every field.");
		SkillFixtures.skill(this.root, "csv-tools");
		this.registry = TestRegistries.of(this.root);
		this.advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build();
		this.client = ChatClient.builder(this.model)
			.defaultAdvisors(MessageChatMemoryAdvisor.builder(this.memory).build(), this.advisor)
			.defaultTools(this.bash)
			.build();
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	String stream(String conversation, String user) {
		List<String> chunks = this.client.prompt()
			.system("You help.")
			.user(user)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.stream()
			.content()
			.collectList()
			.block();
		return String.join("", chunks);
	}

	Prompt prompt(int index) {
		return this.model.prompts().get(index);
	}

	@Test
	void aStreamedRequestGetsTheCatalogAndTheSkillTools() {
		this.model.thenAnswer("hello");

		assertThat(stream("c1", "Hi")).isEqualTo("hello");

		assertThat(prompt(0).getSystemMessage().getText()).startsWith("You help.\n\nThe skills below")
			.contains("<skill><name>pdf-processing</name>")
			.endsWith("</available_skills>");
		assertThat(Prompts.toolNames(prompt(0))).containsExactly("activate_skill", "read_skill_resource", "Bash");
	}

	@Test
	void aStreamedRequestActivatesAndReadsThroughTheToolLoop() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenAnswer("filled");

		assertThat(stream("c1", "Fill the form")).isEqualTo("filled");

		assertThat(this.model.prompts()).hasSize(3);
		assertThat(Prompts.toolResults(prompt(2))).hasSize(2).endsWith("Fill every field.");
		assertThat(Prompts.toolResults(prompt(2)).get(0))
			.startsWith("<skill_content name=\"pdf-processing\">\nUse pypdf.\n");
		assertThat(this.activeSkills.findByConversationId("c1")).extracting("name").containsExactly("pdf-processing");
	}

	@Test
	void aStreamedRequestReinjectsAnActiveSkillOnce() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("activated")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("again");

		stream("c1", "Fill the form");
		assertThat(stream("c1", "Next page")).isEqualTo("again");

		Prompt reinjected = prompt(2);
		assertThat(reinjected.getInstructions().get(1)).isInstanceOf(SystemMessage.class);
		assertThat(reinjected.getInstructions().get(1).getText()).startsWith(Prompts.contentTag("pdf-processing"));
		assertThat(Prompts.occurrences(reinjected, "<skill_content")).isEqualTo(1);
		assertThat(Prompts.lastToolResult(prompt(3))).startsWith("Skill 'pdf-processing' is already active");
		assertThat(Prompts.occurrences(prompt(3), "<skill_content")).isEqualTo(1);
	}

	@Test
	void aStreamedRequestScopesToolsLikeACall() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("Bash", "{}")
			.thenAnswer("done")
			.thenAnswer("next");

		stream("c1", "Fill the form");
		stream("c1", "Next");

		assertThat(Prompts.lastToolResult(prompt(2)))
			.isEqualTo("Error: tool 'Bash' is disallowed by skill 'pdf-processing'. Use another tool or finish "
					+ "without it.");
		assertThat(this.bash.inputs).isEmpty();
		assertThat(Prompts.toolNames(prompt(3))).containsExactly("activate_skill", "read_skill_resource");
	}

	@Test
	void streamedAndCalledRequestsShareTheConversation() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"csv-tools\"}").thenAnswer("ok").thenAnswer("called");

		stream("c1", "Sum the CSV");
		String answer = this.client.prompt()
			.system("You help.")
			.user("Again")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();

		assertThat(answer).isEqualTo("called");
		assertThat(Prompts.occurrences(prompt(2), Prompts.contentTag("csv-tools"))).isEqualTo(1);
	}

}
