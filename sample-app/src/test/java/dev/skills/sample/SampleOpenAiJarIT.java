package dev.skills.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.skills.test.ChatCompletionsStub;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the packaged sample with the {@code openai} profile, as docs/sample.md says,
 * against a local Chat Completions endpoint, and has one {@code POST /chat} go through
 * the real OpenAI client and the skill tool loop.
 */
class SampleOpenAiJarIT {

	private static final Path JAR = Path.of("target/sample-app.jar");

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	Path logs;

	private Process process;

	@AfterEach
	void stop() throws InterruptedException {
		if (this.process != null) {
			this.process.destroy();
			if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
	}

	@Test
	void openAiProfileStartsAndAnswersAChatThroughTheModelAndTheSkillTools() throws Exception {
		try (ChatCompletionsStub openAi = ChatCompletionsStub.start()) {
			openAi.thenCall("activate_skill", "{\"skill_name\":\"incident-summary\"}")
				.thenAnswer("Impact: checkout was down for 12 minutes.");
			int port = start("--spring.profiles.active=openai", "--spring.ai.openai.base-url=" + openAi.baseUrl());

			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/chat"))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers
						.ofString("{\"conversationId\":\"c1\",\"message\":\"Summarise last night's outage\"}"))
					.build(), HttpResponse.BodyHandlers.ofString());

			assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
			JsonNode reply = JSON.readTree(response.body());
			assertThat(reply.path("answer").asString()).isEqualTo("Impact: checkout was down for 12 minutes.");
			assertThat(reply.path("activeSkills").toString()).isEqualTo("[\"incident-summary\"]");
			List<JsonNode> requests = openAi.requests();
			assertThat(requests).hasSize(2);
			assertThat(requests.get(0).path("messages").get(0).path("content").asString())
				.contains("<skill><name>incident-summary</name>");
			assertThat(requests.get(1).toString()).contains("\"role\":\"tool\"")
				.contains("<skill_content name=\\\"incident-summary\\\">");
		}
	}

	private int start(String... args) throws IOException, InterruptedException {
		assertThat(JAR).as("the packaged sample jar").exists();
		Path out = this.logs.resolve("out.txt");
		List<String> command = new java.util.ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString(),
						"--server.port=0"));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
		builder.environment().putAll(Map.of("OPENAI_API_KEY", "test", "SKILLS_DIR", "../examples/skills"));
		this.process = builder.start();
		long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
		while (System.nanoTime() < deadline) {
			String log = Files.readString(out, StandardCharsets.UTF_8);
			Matcher started = STARTED.matcher(log);
			if (started.find()) {
				return Integer.parseInt(started.group(1));
			}
			if (!this.process.isAlive()) {
				throw new AssertionError("The sample did not start:\n" + log);
			}
			Thread.sleep(200);
		}
		throw new AssertionError("The sample did not start in 90 s:\n" + Files.readString(out, StandardCharsets.UTF_8));
	}

}
