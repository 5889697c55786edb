package dev.skills.boot.it;

import java.nio.file.Path;

import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.resttestclient.TestRestTemplate;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureTestRestTemplate;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tool a skill scopes out is absent from the next request; a model that calls it anyway
 * (it was offered a turn before) reads the refusal, and the HTTP request answers 200: the
 * real OpenAI client against a local stub, the real chat endpoint.
 */
@SpringBootTest(classes = ShellChatApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureTestRestTemplate
class ScopedToolRefusalIntegrationTests {

	@TempDir
	static Path skills;

	private static ChatCompletionsStub openAi;

	@Autowired
	private TestRestTemplate http;

	@Autowired
	private ShellChatApplication.ShellTools tools;

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
	void scopedOutToolAbsentAndItsCallRefused() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"reader\"}").thenAnswer("Reading only now.");
		assertThat(chat("Only read, please").getStatusCode()).isEqualTo(HttpStatus.OK);

		openAi.thenCall("run_command", "{\"command\":\"rm -rf /\"}").thenAnswer("I may not run commands.");
		ResponseEntity<String> later = chat("Clean up the disk");

		assertThat(later.getStatusCode()).isEqualTo(HttpStatus.OK);
		assertThat(later.getBody()).isEqualTo("I may not run commands.");
		assertThat(ChatRequests.toolNames(openAi.requests().get(openAi.requests().size() - 2)))
			.containsExactly("activate_skill", "read_file");
		assertThat(ChatRequests.lastToolResult(openAi.requests()))
			.isEqualTo("Error: tool 'run_command' is not in the allowed-tools of skill 'reader' (read_file). "
					+ "Use another tool or finish without it.");
		assertThat(this.tools.commands).isEmpty();
	}

	private ResponseEntity<String> chat(String message) {
		return this.http.postForEntity("/chat/c1", message, String.class);
	}

}
