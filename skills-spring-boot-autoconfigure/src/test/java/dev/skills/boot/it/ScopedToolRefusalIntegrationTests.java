package dev.skills.boot.it;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.resttestclient.TestRestTemplate;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureTestRestTemplate;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A model that calls a tool a skill scoped out, on the turn after the activation (it was
 * offered then), reads the refusal, and the HTTP request answers 200: the real OpenAI
 * client against a local stub, the real chat endpoint.
 */
@SpringBootTest(classes = ScopedToolRefusalIntegrationTests.ChatApplication.class,
		webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureTestRestTemplate
class ScopedToolRefusalIntegrationTests {

	@TempDir
	static Path skills;

	private static ChatCompletionsStub openAi;

	@Autowired
	private TestRestTemplate http;

	@Autowired
	private ShellTools tools;

	@BeforeAll
	static void writeSkillsAndStartTheModel() {
		SkillFixtures.rawSkill(skills, "reader",
				"---\nname: reader\ndescription: Read files only.\nallowed-tools: read_file\n---\nOnly read.\n");
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

	@Test
	void whenTheModelCallsAScopedOutToolOnALaterTurnThenItReadsTheRefusalAndTheRequestAnswers200() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"reader\"}").thenAnswer("Reading only now.");
		assertThat(chat("Only read, please").getStatusCode()).isEqualTo(HttpStatus.OK);

		openAi.thenCall("run_command", "{\"command\":\"rm -rf /\"}").thenAnswer("I may not run commands.");
		ResponseEntity<String> later = chat("Clean up the disk");

		assertThat(later.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(later.getBody()).isEqualTo("I may not run commands.");
		assertThat(openAi.requests().get(openAi.requests().size() - 1).toString()).contains("\"role\":\"tool\"")
			.contains("Error: tool 'run_command' is not in the allowed-tools of skill 'reader' (read_file). "
					+ "Use another tool or finish without it.");
		assertThat(this.tools.commands).isEmpty();
	}

	private ResponseEntity<String> chat(String message) {
		return this.http.postForEntity("/chat/c1", message, String.class);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ ChatController.class, ShellTools.class })
	static class ChatApplication {

	}

	@RestController
	static class ChatController {

		private final ChatClient chatClient;

		ChatController(ChatClient.Builder builder, ShellTools tools) {
			this.chatClient = builder.defaultTools(tools).build();
		}

		@PostMapping("/chat/{conversationId}")
		String chat(@PathVariable String conversationId, @RequestBody String message) {
			return this.chatClient.prompt()
				.user(message)
				.advisors((advisors) -> advisors.param(ChatMemory.CONVERSATION_ID, conversationId))
				.call()
				.content();
		}

	}

	static class ShellTools {

		final List<String> commands = new CopyOnWriteArrayList<>();

		@Tool(description = "Read a file")
		String read_file(String path) {
			return "contents of " + path;
		}

		@Tool(description = "Run a shell command")
		String run_command(String command) {
			this.commands.add(command);
			return "ran";
		}

	}

}
