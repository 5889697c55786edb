package dev.skills.boot.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.boot.app.SkillsTestApplication;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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
 * A configured skills location that exists but is a file, not a folder: the application
 * starts, and its health says DOWN.
 */
@SpringBootTest(classes = SkillsTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=health",
				"management.endpoint.health.show-details=always", "spring.ai.openai.api-key=test" })
@AutoConfigureTestRestTemplate
class SkillsHealthDownIntegrationTests {

	@TempDir
	static Path dir;

	static Path notAFolder;

	@Autowired
	private TestRestTemplate http;

	@BeforeAll
	static void writeSkills() throws IOException {
		SkillFixtures.skill(dir.resolve("skills"), "pdf-processing", "Work with PDFs.", "Body.");
		notAFolder = Files.writeString(dir.resolve("skills.txt"), "a file where a folder was expected");
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("skills.skills-dir", () -> dir.resolve("skills") + "," + notAFolder);
	}

	@Test
	void whenAConfiguredLocationIsAFileThenHealthIsDownNamingIt() {
		ResponseEntity<String> response = this.http.getForEntity("/actuator/health", String.class);

		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		JsonNode health = JsonMapper.builder().build().readTree(response.getBody());
		assertThat(health.path("status").asString()).isEqualTo("DOWN");
		JsonNode skills = health.path("components").path("skills");
		assertThat(skills.path("status").asString()).isEqualTo("DOWN");
		assertThat(skills.path("details").path("unreadableLocations").get(0).asString())
			.isEqualTo(notAFolder.toString());
		assertThat(skills.path("details").path("skills").asInt()).isEqualTo(1);
	}

}
