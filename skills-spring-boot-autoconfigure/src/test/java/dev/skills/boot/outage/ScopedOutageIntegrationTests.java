package dev.skills.boot.outage;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.skills.boot.it.ChatRequests;
import dev.skills.boot.it.ShellChatApplication;
import dev.skills.jdbc.PostgresTest;
import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tool scoping does not fail open while the active-skill store is down: a chat service
 * (no chat memory, so only the store knows the conversation's skills) keeps its active
 * skills in PostgreSQL ({@code SKILLS_TEST_JDBC_URL}) behind a TCP forwarder that the
 * test takes down mid-conversation. A tool the active skill forbids stays out of the
 * request and a call to it is refused, through the real OpenAI client against a stub, for
 * a skill activated before the outage and for one activated during it.
 */
@PostgresTest
@ExtendWith(OutputCaptureExtension.class)
class ScopedOutageIntegrationTests {

	private static final String REFUSAL = "Error: tool 'run_command' is not in the allowed-tools of skill 'reader' "
			+ "(read_file). Use another tool or finish without it.";

	@TempDir
	static Path skills;

	private static ChatCompletionsStub openAi;

	private static TcpProxy proxy;

	private static ProxiedChatService service;

	private static ConfigurableApplicationContext app;

	@BeforeAll
	static void start() {
		SkillFixtures.rawSkill(skills, "reader",
				"---\nname: reader\ndescription: Read files only.\nallowed-tools: read_file\n---\nOnly read.\n");
		service = ProxiedChatService.start(ShellChatApplication.class, skills, Map.of());
		app = service.app();
		openAi = service.openAi();
		proxy = service.proxy();
	}

	@AfterAll
	static void stop() {
		if (service != null) {
			service.close();
		}
	}

	@Test
	@Timeout(180)
	void forbiddenToolStaysForbiddenInAnOutage(CapturedOutput output) {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"reader\"}").thenAnswer("Reading only now.");
		assertThat(chat("before", "Only read, please").getStatusCode()).isEqualTo(HttpStatus.OK);

		proxy.down();

		openAi.thenCall("activate_skill", "{\"skill_name\":\"reader\"}").thenAnswer("Reading only now.");
		assertThat(chat("during", "Only read, please").getStatusCode()).isEqualTo(HttpStatus.OK);
		for (String conversation : List.of("before", "during")) {
			int first = openAi.requests().size();
			openAi.thenCall("run_command", "{\"command\":\"rm -rf /\"}").thenAnswer("I may not run commands.");

			ResponseEntity<String> later = chat(conversation, "Clean up the disk");

			assertThat(later.getStatusCode()).isEqualTo(HttpStatus.OK);
			assertThat(later.getBody()).isEqualTo("I may not run commands.");
			assertThat(ChatRequests.toolNames(openAi.requests().get(first))).as(conversation)
				.containsExactly("activate_skill", "read_file");
			assertThat(ChatRequests.lastToolResult(openAi.requests())).as(conversation).isEqualTo(REFUSAL);
		}
		assertThat(app.getBean(ShellChatApplication.ShellTools.class).commands).isEmpty();
		assertThat(output).contains("The active-skill store (JdbcActiveSkillsRepository) failed");
	}

	private static ResponseEntity<String> chat(String conversationId, String message) {
		JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory();
		requests.setReadTimeout(Duration.ofSeconds(60));
		return RestClient.builder()
			.requestFactory(requests)
			.baseUrl("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port"))
			.build()
			.post()
			.uri("/chat/{id}", conversationId)
			.body(message)
			.retrieve()
			.toEntity(String.class);
	}

}
