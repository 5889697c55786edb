package dev.skills.boot.it;

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

@SpringBootTest(classes = SkillsTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=skills", "skills.endpoint.show-instructions=true",
				"spring.ai.openai.api-key=test" })
@AutoConfigureTestRestTemplate
class SkillsEndpointShowInstructionsIntegrationTests {

	@TempDir
	static Path skills;

	@Autowired
	private TestRestTemplate http;

	@BeforeAll
	static void writeSkills() {
		SkillFixtures.skill(skills, "pdf-processing", "Work with PDFs.", "Use the forms guide.\n\nSign at the end.");
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("skills.skills-dir", () -> skills.toString());
	}

	@Test
	void whenShowInstructionsIsOnThenOneSkillIncludesItsInstructions() {
		ResponseEntity<String> response = this.http.getForEntity("/actuator/skills/pdf-processing", String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
		JsonNode skill = JsonMapper.builder().build().readTree(response.getBody());
		assertThat(skill.path("instructions").asString()).isEqualTo("Use the forms guide.\n\nSign at the end.");
	}

	@Test
	void whenShowInstructionsIsOnThenTheListStillLeavesInstructionsOut() {
		String list = this.http.getForObject("/actuator/skills", String.class);
		assertThat(list).contains("pdf-processing").doesNotContain("Sign at the end.");
	}

}
