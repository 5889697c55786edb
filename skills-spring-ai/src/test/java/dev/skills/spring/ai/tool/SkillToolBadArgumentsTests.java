package dev.skills.spring.ai.tool;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever the model sends, it gets a short message naming what was wrong, and the caller
 * gets the model's answer: never an exception.
 */
class SkillToolBadArgumentsTests {

	final InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	@BeforeEach
	void skills() {
		Path pdf = SkillFixtures.skill(this.root, "pdf-processing");
		SkillFixtures.write(pdf.resolve("references/FORMS.md"), "Fill every field.");
		SkillFixtures.skill(this.root, "csv-tools");
		SkillFixtures.write(this.root.resolve("outside.txt"), "not part of any skill");
		this.registry = TestRegistries.of(this.root);
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	/**
	 * Run one request in which the model makes this one tool call, and return what the
	 * tool answered.
	 */
	String toolAnswer(String tool, String arguments) {
		this.model.thenCall(tool, arguments).thenAnswer("finished anyway");
		String answer = ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor
				.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
				.build())
			.build()
			.prompt()
			.user("Do it")
			.call()
			.content();
		assertThat(answer).isEqualTo("finished anyway");
		String result = Prompts.lastToolResult(this.model.prompts().get(this.model.prompts().size() - 1));
		assertThat(result).doesNotContain("Exception").doesNotContain("\tat ").hasSizeLessThan(300);
		return result;
	}

	@Test
	void activationWithInvalidJsonSaysSoAndListsTheValidNames() {
		assertThat(toolAnswer("activate_skill", "{skill_name: pdf")).isEqualTo(
				"Error: the arguments are not valid JSON. Call activate_skill with {\"skill_name\": \"<name>\"}. "
						+ "Valid skill names: csv-tools, pdf-processing.");
	}

	@Test
	void activationWithAJsonArraySaysAnObjectIsNeeded() {
		assertThat(toolAnswer("activate_skill", "[\"pdf-processing\"]"))
			.startsWith("Error: the arguments must be a JSON object.")
			.endsWith("Valid skill names: csv-tools, pdf-processing.");
	}

	@Test
	void activationWithoutSkillNameSaysItIsRequired() {
		assertThat(toolAnswer("activate_skill", "{\"name\":\"pdf-processing\"}"))
			.isEqualTo("Error: skill_name is required. Valid skill names: csv-tools, pdf-processing.");
	}

	@Test
	void activationOfAnUnknownSkillNamesItAndTheValidNames() {
		assertThat(toolAnswer("activate_skill", "{\"skill_name\":\"pdf\"}"))
			.isEqualTo("Unknown skill 'pdf'. Available skills: csv-tools, pdf-processing.");
	}

	@Test
	void anUnknownSkillIsNotRecordedAsActive() {
		SkillsAdvisor advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build();
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf\"}").thenAnswer("ok");

		ChatClient.builder(this.model).defaultAdvisors(advisor).build().prompt().user("Do it").call().content();

		assertThat(this.activeSkills.findByConversationId(SkillsAdvisor.DEFAULT_CONVERSATION_ID)).isEmpty();
	}

	@Test
	void readingWithDotDotIsRejectedWithoutReading() {
		assertThat(toolAnswer("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"../outside.txt\"}"))
			.isEqualTo("Cannot read '../outside.txt' from skill 'pdf-processing': '..' would leave the skill folder.");
	}

	@Test
	void readingAnAbsolutePathIsRejectedWithoutReading() {
		String absolute = this.root.resolve("outside.txt").toAbsolutePath().toString();
		assertThat(
				toolAnswer("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"" + absolute + "\"}"))
			.isEqualTo("Cannot read '" + absolute
					+ "' from skill 'pdf-processing': it is absolute; give a path relative to the skill folder.")
			.doesNotContain("not part of any skill");
	}

	@Test
	void readingAMissingFileNamesTheSkillsFiles() {
		assertThat(toolAnswer("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"FORMS.md\"}"))
			.isEqualTo("Skill 'pdf-processing' has no file 'FORMS.md'. Its files: references/FORMS.md.");
	}

	@Test
	void readingWithoutPathSaysThePathIsRequired() {
		assertThat(toolAnswer("read_skill_resource", "{\"skill_name\":\"pdf-processing\"}"))
			.startsWith("Error: path is required");
	}

	@Test
	void readingWithoutSkillNameSaysItIsRequired() {
		assertThat(toolAnswer("read_skill_resource", "{\"path\":\"references/FORMS.md\"}"))
			.isEqualTo("Error: skill_name is required. Valid skill names: csv-tools, pdf-processing.");
	}

	@Test
	void readingWithInvalidJsonSaysSoAndShowsTheExpectedShape() {
		assertThat(toolAnswer("read_skill_resource", "not json")).isEqualTo(
				"Error: the arguments are not valid JSON. Call read_skill_resource with {\"skill_name\": \"<name>\", "
						+ "\"path\": \"<relative path>\"}.");
	}

	@Test
	void readingFromAnUnknownSkillNamesTheValidNames() {
		assertThat(toolAnswer("read_skill_resource", "{\"skill_name\":\"nope\",\"path\":\"SKILL.md\"}"))
			.isEqualTo("Unknown skill 'nope'. Available skills: csv-tools, pdf-processing.");
	}

	@Test
	void everyBadCallInOneRequestGetsItsOwnMessage() {
		this.model
			.thenCalls("activate_skill", "oops", "activate_skill", "{}", "read_skill_resource",
					"{\"skill_name\":\"pdf-processing\",\"path\":\"a/../../outside.txt\"}", "activate_skill",
					"{\"skill_name\":\"csv-tools\"}")
			.thenAnswer("done");

		String answer = ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor
				.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
				.build())
			.build()
			.prompt()
			.user("Do it")
			.call()
			.content();

		assertThat(answer).isEqualTo("done");
		List<String> results = Prompts.toolResults(this.model.prompts().get(1));
		assertThat(results).hasSize(4);
		assertThat(results.get(0)).startsWith("Error: the arguments are not valid JSON.");
		assertThat(results.get(1)).startsWith("Error: skill_name is required.");
		assertThat(results.get(2)).endsWith("'..' would leave the skill folder.");
		assertThat(results.get(3)).startsWith("<skill_content name=\"csv-tools\">");
	}

	@Test
	void aHugeSkillNameComesBackCutShort() {
		String name = "n".repeat(10_000_000);

		assertThat(toolAnswer("activate_skill", "{\"skill_name\":\"" + name + "\"}"))
			.startsWith("Unknown skill '" + "n".repeat(100) + "...[9999900 more characters]'.");
	}

	@Test
	void aHugePathComesBackCutShort() {
		String path = "p".repeat(10_000_000);

		assertThat(toolAnswer("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"" + path + "\"}"))
			.isEqualTo("Cannot read '" + "p".repeat(100)
					+ "...[9999900 more characters]' from skill 'pdf-processing': File name too long.");
	}

	@Test
	void aPathThisPlatformCannotSpellIsAFileThatDoesNotExist() {
		assertThat(toolAnswer("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"caf\\ud800.md\"}"))
			.startsWith("Skill 'pdf-processing' has no file 'caf");
	}

	@Test
	void aNullInputToEitherToolSaysWhichArgumentIsMissing() {
		SkillToolSet tools = SkillsTools.builder(this.registry).build().toolSet(this.registry.snapshot(), null);

		assertThat(tools.activate().call(null)).startsWith("Error: skill_name is required.");
		assertThat(tools.read().call(null, null)).startsWith("Error: skill_name is required.");
	}

}
