package dev.skills.boot.it;

import java.nio.file.Path;

import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.resttestclient.TestRestTemplate;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureTestRestTemplate;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Session mode through the real OpenAI client against a local stub: the request offers no
 * {@code activate_skill}, with a session skill or without one, and a model that calls it
 * anyway reads the refusal while the HTTP request answers 200.
 */
@SpringBootTest(classes = SessionModeIntegrationTests.ChatApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "skills.mode=session", "skills.preload-from=SKILL_NAME" })
@AutoConfigureTestRestTemplate
@ExtendWith(OutputCaptureExtension.class)
class SessionModeIntegrationTests {

	private static final String REFUSAL = "Error: activate_skill is not available in session mode: "
			+ "the application chose the skill of this call.";

	@TempDir
	static Path skills;

	private static ChatCompletionsStub openAi;

	@Autowired
	private TestRestTemplate http;

	@BeforeAll
	static void writeSkillsAndStartTheModel() {
		Path support = SkillFixtures.skill(skills, "support-desk", "Answer support questions.", "Answer politely.");
		SkillFixtures.write(support.resolve("references/FAQ.md"), "Q: hours? A: 9-5.");
		SkillFixtures.skill(skills, "billing", "Answer billing questions.", "Quote the prices.");
		openAi = ChatCompletionsStub.start();
	}

	@AfterAll
	static void stopTheModel() {
		openAi.close();
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("skills.skills-dir", () -> skills.toString());
		registry.add("spring.ai.openai.base-url", () -> openAi.baseUrl());
		registry.add("spring.ai.openai.api-key", () -> "test");
	}

	@BeforeEach
	void reset() {
		openAi.reset();
	}

	@Test
	void withASkillActivateSkillIsRefused() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"billing\"}").thenAnswer("Open 9 to 5.");

		ResponseEntity<String> answer = chat("/chat?skill=support-desk", "When are you open?");

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(answer.getBody()).isEqualTo("Open 9 to 5.");
		assertThat(ChatRequests.toolNames(openAi.requests().get(0))).containsExactly("read_skill_resource");
		assertThat(ChatRequests.lastToolResult(openAi.requests())).isEqualTo(REFUSAL);
	}

	@Test
	void withoutASkillActivateSkillIsRefused(CapturedOutput output) {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"billing\"}").thenAnswer("No skill today.");

		ResponseEntity<String> answer = chat("/chat", "Prices?");

		assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(answer.getBody()).isEqualTo("No skill today.");
		assertThat(openAi.requests().get(0).has("tools")).isFalse();
		assertThat(ChatRequests.lastToolResult(openAi.requests())).isEqualTo(REFUSAL);
		assertThat(output).contains("Session mode: the request context has no 'SKILL_NAME'");
	}

	private ResponseEntity<String> chat(String path, String message) {
		return this.http.postForEntity(path, message, String.class);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(ChatController.class)
	static class ChatApplication {

	}

	@RestController
	static class ChatController {

		private final ChatClient chatClient;

		ChatController(ChatClient.Builder builder) {
			this.chatClient = builder.build();
		}

		@PostMapping("/chat")
		String chat(@RequestParam(required = false) String skill, @RequestBody String message) {
			return this.chatClient.prompt().user(message).advisors((advisors) -> {
				if (skill != null) {
					advisors.param("SKILL_NAME", skill);
				}
			}).call().content();
		}

	}

}
