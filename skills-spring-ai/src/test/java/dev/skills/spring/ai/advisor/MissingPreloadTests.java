package dev.skills.spring.ai.advisor;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A preloaded skill that does not exist (yet: hot reload may bring it) is reported once,
 * not on every request, and is used as soon as it appears.
 */
@ExtendWith(OutputCaptureExtension.class)
class MissingPreloadTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	@AfterEach
	void close() {
		this.registry.close();
	}

	@Test
	void aMissingPreloadedSkillIsReportedOnceAndUsedWhenItAppears(CapturedOutput output) {
		SkillFixtures.skill(this.root, "alpha");
		this.registry = TestRegistries.of(this.root);
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("1").thenAnswer("2").thenAnswer("3");
		ChatClient client = ChatClient.builder(model)
			.defaultAdvisors(
					SkillsAdvisor.builder(SkillsTools.builder(this.registry).preload(List.of("later")).build()).build())
			.build();

		client.prompt().user("one").call().content();
		client.prompt().user("two").call().content();
		SkillFixtures.skillWithFrontmatter(this.root, "later", "", "Arrived later.");
		this.registry.reload();
		client.prompt().user("three").call().content();

		assertThat(output.getOut().split("Preloaded skill 'later' does not exist", -1)).hasSize(2);
		assertThat(Prompts.allText(model.prompts().get(1))).doesNotContain("Arrived later.");
		assertThat(Prompts.allText(model.prompts().get(2))).contains("### Skill: later", "Arrived later.");
	}

}
