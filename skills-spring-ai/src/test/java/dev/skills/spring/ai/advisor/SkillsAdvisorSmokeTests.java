package dev.skills.spring.ai.advisor;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.ScriptedChatModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsAdvisorSmokeTests {

	@Test
	void modelActivatesASkillAndReadsItsFileThroughTheRealToolLoop(@TempDir Path dir) throws Exception {
		Path skill = dir.resolve("pdf-processing");
		Files.createDirectories(skill.resolve("references"));
		Files.writeString(skill.resolve("SKILL.md"),
				"---\nname: pdf-processing\ndescription: Work with PDFs.\n---\nUse the forms guide.\n");
		Files.writeString(skill.resolve("references/FORMS.md"), "Fill every field.");
		try (SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(dir.toString()).build())) {
			ScriptedChatModel model = new ScriptedChatModel()
				.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
				.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
				.thenAnswer("done");
			ChatClient client = ChatClient.builder(model)
				.defaultAdvisors(SkillsAdvisor.builder(registry).build())
				.build();
			String answer = client.prompt().system("You help.").user("Fill the PDF form").call().content();
			assertThat(answer).isEqualTo("done");
			assertThat(model.prompts()).hasSize(3);
			assertThat(model.prompts().get(0).getSystemMessage().getText()).startsWith("You help.\n\nThe skills below")
				.contains("<skill><name>pdf-processing</name><description>Work with PDFs.</description></skill>");
			Message last = model.prompts()
				.get(2)
				.getInstructions()
				.get(model.prompts().get(2).getInstructions().size() - 1);
			assertThat(last).isInstanceOf(ToolResponseMessage.class);
			assertThat(((ToolResponseMessage) last).getResponses().get(0).responseData())
				.isEqualTo("Fill every field.");
			String activation = model.prompts()
				.get(2)
				.getInstructions()
				.stream()
				.filter(ToolResponseMessage.class::isInstance)
				.map((m) -> ((ToolResponseMessage) m).getResponses().get(0).responseData())
				.findFirst()
				.orElseThrow();
			assertThat(activation).startsWith("<skill_content name=\"pdf-processing\">\nUse the forms guide.");
		}
	}

}
