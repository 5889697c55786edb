package dev.skills.sample;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(properties = "skills.skills-dir=../examples/skills,classpath*:META-INF/skills/")
@AutoConfigureMockMvc
class SampleWebTests {

	@Autowired
	MockMvcTester mvc;

	@Test
	void chatEndpointActivatesTheMatchingSkillAndReportsIt() {
		assertThat(this.mvc.post()
			.uri("/chat")
			.contentType(MediaType.APPLICATION_JSON)
			.content("{\"conversationId\":\"c1\",\"message\":\"Draft an incident summary of the outage\"}"))
			.hasStatusOk()
			.bodyJson()
			.satisfies((json) -> {
				assertThat(json).extractingPath("$.activeSkills").asArray().containsExactly("incident-summary");
				assertThat(json).extractingPath("$.answer")
					.asString()
					.startsWith("Following skill incident-summary: Write four short sections");
			});
	}

	@Test
	void actuatorListsTheFolderJarAndBuiltInSkills() {
		assertThat(this.mvc.get().uri("/actuator/skills")).hasStatusOk()
			.bodyJson()
			.extractingPath("$.skills[*].name")
			.asArray()
			.containsExactlyInAnyOrder("incident-summary", "pdf-processing", "release-notes", "skill-authoring");
	}

}
