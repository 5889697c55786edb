package dev.skills.sample;

import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(properties = { "skills.skills-dir=../examples/skills,classpath*:META-INF/skills/",
		"spring.security.user.password=" + SampleWebTests.PASSWORD })
@AutoConfigureMockMvc
class SampleWebTests {

	static final String PASSWORD = "sample-test-password";

	static final String ACTUATOR_USER = "Basic "
			+ java.util.Base64.getEncoder().encodeToString(("actuator:" + PASSWORD).getBytes());

	@Autowired
	MockMvcTester mvc;

	@Autowired
	ActiveSkillsRepository activeSkills;

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
	void chatWithoutConversationIdUsesTheDefaultConversation() {
		assertThat(chat("{\"message\":\"Draft an incident summary of the outage\"}")).hasStatusOk();
		assertThat(this.activeSkills.findByConversationId("default")).extracting(ActiveSkill::name)
			.contains("incident-summary");
	}

	@Test
	void chatWithAnEmptyConversationIdIsABadRequestThatSaysWhatToDo() {
		assertThat(chat("{\"conversationId\":\"\",\"message\":\"hello\"}")).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.extractingPath("$.detail")
			.asString()
			.isEqualTo("Field 'conversationId' must not be empty: leave it out to use the conversation 'default'.");
	}

	@Test
	void chatWithoutAMessageIsABadRequestThatSaysWhatToDo() {
		assertThat(chat("{\"conversationId\":\"c2\"}")).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.extractingPath("$.detail")
			.asString()
			.isEqualTo("Field 'message' is required: the text the user says.");
	}

	@Test
	void offlineAnswerEndsAtTheEndOfASentence() {
		assertThat(chat("{\"conversationId\":\"c3\",\"message\":\"Write release notes for the merged changes\"}"))
			.hasStatusOk()
			.bodyJson()
			.extractingPath("$.answer")
			.asString()
			.isEqualTo("Following skill release-notes: Group the changes under **New**, **Improved** and **Fixed**.");
	}

	private MvcTestResult chat(String body) {
		return this.mvc.post().uri("/chat").contentType(MediaType.APPLICATION_JSON).content(body).exchange();
	}

	@Test
	void actuatorListsTheFolderJarAndBuiltInSkills() {
		assertThat(this.mvc.get().uri("/actuator/skills").header("Authorization", ACTUATOR_USER)).hasStatusOk()
			.bodyJson()
			.extractingPath("$.skills[*].name")
			.asArray()
			.containsExactlyInAnyOrder("incident-summary", "pdf-processing", "release-notes", "skill-authoring");
	}

	@Test
	void theReloadAndTheConversationListingNeedTheActuatorUserAndHealthDoesNot() {
		assertThat(this.mvc.post().uri("/actuator/skills")).hasStatus(HttpStatus.UNAUTHORIZED);
		assertThat(this.mvc.get().uri("/actuator/activeskills")).hasStatus(HttpStatus.UNAUTHORIZED);
		assertThat(this.mvc.get()
			.uri("/actuator/activeskills")
			.header("Authorization",
					"Basic " + java.util.Base64.getEncoder().encodeToString("actuator:wrong".getBytes())))
			.hasStatus(HttpStatus.UNAUTHORIZED);

		assertThat(this.mvc.post().uri("/actuator/skills").header("Authorization", ACTUATOR_USER)).hasStatusOk();
		assertThat(this.mvc.get().uri("/actuator/activeskills").header("Authorization", ACTUATOR_USER)).hasStatusOk();
		assertThat(this.mvc.get().uri("/actuator/health")).hasStatusOk();
	}

}
