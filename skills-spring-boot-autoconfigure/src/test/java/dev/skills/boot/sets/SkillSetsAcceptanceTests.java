package dev.skills.boot.sets;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ChatCompletionsStub;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.resttestclient.TestRestTemplate;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureTestRestTemplate;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two tenant sets and a tag set over a dozen skills, through the real OpenAI client
 * against a stub: what one set sees never holds another's markers, and a skill outside
 * the set is refused exactly as a missing one.
 */
@SpringBootTest(classes = SkillSetsAcceptanceTests.App.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureTestRestTemplate
@ExtendWith(OutputCaptureExtension.class)
class SkillSetsAcceptanceTests {

	@TempDir
	static Path skills;

	static ChatCompletionsStub openAi;

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ChatModel chatModel;

	@Autowired
	SkillsTools tools;

	@Autowired
	SkillsRegistry registry;

	@Autowired
	TestRestTemplate http;

	@BeforeAll
	static void start() {
		SetSkills.write(skills);
		openAi = ChatCompletionsStub.start();
	}

	@AfterAll
	static void stop() {
		openAi.close();
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("skills.skills-dir", () -> skills.toString());
		registry.add("skills.sets.acme.include", () -> "acme-*");
		registry.add("skills.sets.globex.include", () -> "globex-*");
		registry.add("skills.sets.customer.tags", () -> "customer");
		registry.add("skills.default-set", () -> "acme");
		registry.add("skills.preload", () -> "shared-faq,globex-help");
		registry.add("management.endpoints.web.exposure.include", () -> "skills");
		registry.add("spring.ai.openai.base-url", () -> openAi.baseUrl());
		registry.add("spring.ai.openai.api-key", () -> "test");
	}

	@BeforeEach
	void reset() {
		openAi.reset();
	}

	String ask(ChatClient client, @Nullable String set, String conversation) {
		return client.prompt().user("Help me").advisors((advisors) -> {
			advisors.param(ChatMemory.CONVERSATION_ID, conversation);
			if (set != null) {
				advisors.param(SkillsAdvisor.SKILL_SET, set);
			}
		}).call().content();
	}

	String ask(@Nullable String set, String conversation) {
		return ask(this.builder.build(), set, conversation);
	}

	// The last tool result of a call of the tool under the set.
	String toolResult(String set, String tool, String arguments) {
		openAi.reset();
		openAi.thenCall(tool, arguments).thenAnswer("done");
		ask(set, "tool-" + set);
		return SetSkills.lastToolResult(openAi);
	}

	@Test
	void eachSetSeesOnlyItsSkills() {
		for (String set : List.of("acme", "globex", "customer")) {
			openAi.reset();
			openAi.thenAnswer("ok");
			assertThat(ask(set, "see-" + set)).isEqualTo("ok");
			List<String> members = SetSkills.SETS.get(set);
			assertThat(SetSkills.sent(openAi)).contains(members.get(0))
				.doesNotContain(SetSkills.markersOutside(members));
		}
		assertThat(SetSkills.sent(openAi)).contains(SetSkills.marker("globex-help", "BODY"),
				SetSkills.marker("shared-faq", "BODY"));
	}

	@Test
	void enumsHoldOnlyTheSet() {
		openAi.thenAnswer("ok");
		ask("globex", "enums");
		String tools = openAi.requests().get(0).get("tools").toString();
		assertThat(tools).contains("globex-invoice", "globex-report").doesNotContain("acme", "shared-faq", "ops-");
	}

	@Test
	void outsideActivationAnswersAsMissing() {
		String outside = toolResult("acme", "activate_skill", "{\"skill_name\":\"globex-invoice\"}");
		String missing = toolResult("acme", "activate_skill", "{\"skill_name\":\"globex-invoicz\"}");
		assertThat(outside).isEqualTo(missing.replace("globex-invoicz", "globex-invoice"))
			.doesNotContain(SetSkills.marker("globex-invoice", "BODY"));
	}

	@Test
	void outsideFileReadAnswersAsMissing() {
		String arguments = "{\"skill_name\":\"%s\",\"path\":\"references/notes.md\"}";
		String outside = toolResult("acme", "read_skill_resource", arguments.formatted("globex-report"));
		String missing = toolResult("acme", "read_skill_resource", arguments.formatted("globex-reporx"));
		assertThat(outside).isEqualTo(missing.replace("globex-reporx", "globex-report"))
			.doesNotContain(SetSkills.marker("globex-report", "FILE"));
	}

	@Test
	void insideActivationAndReadWork() {
		assertThat(toolResult("acme", "activate_skill", "{\"skill_name\":\"acme-invoice\"}"))
			.contains(SetSkills.marker("acme-invoice", "BODY"));
		assertThat(toolResult("acme", "read_skill_resource",
				"{\"skill_name\":\"acme-invoice\",\"path\":\"references/notes.md\"}"))
			.contains(SetSkills.marker("acme-invoice", "FILE"));
	}

	@Test
	void reinjectionStaysInItsSet() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"acme-refund\"}").thenAnswer("on").thenAnswer("b");
		ask("acme", "r1");
		openAi.reset();
		openAi.thenAnswer("b");
		ask("globex", "r1");
		assertThat(SetSkills.sent(openAi)).doesNotContain(SetSkills.marker("acme-refund", "BODY"));
		openAi.reset();
		openAi.thenAnswer("a");
		ask("acme", "r1");
		assertThat(SetSkills.sent(openAi)).contains(SetSkills.marker("acme-refund", "BODY"));
	}

	@Test
	void unknownSetSeesNothing(CapturedOutput output) {
		openAi.thenAnswer("still here");
		assertThat(ask("nope", "unknown")).isEqualTo("still here");
		assertThat(SetSkills.tools(openAi.requests().get(0))).isEmpty();
		assertThat(SetSkills.sent(openAi)).doesNotContain(SetSkills.markersOutside(List.of()))
			.doesNotContain("available_skills");
		assertThat(output.getOut()).contains("Unknown skill set 'nope': the request sees no skills");
	}

	@Test
	void defaultSetForRequestsNamingNone() {
		openAi.thenAnswer("ok");
		ask(null, "default");
		assertThat(SetSkills.sent(openAi)).contains("acme-invoice")
			.doesNotContain(SetSkills.markersOutside(SetSkills.ACME));
	}

	@Test
	void sessionModePinsWithinSet(CapturedOutput output) {
		SkillsAdvisor session = SkillsAdvisor.builder(this.tools)
			.mode(SkillConfig.Mode.SESSION)
			.preloadFrom("SKILL")
			.build();
		ChatClient client = ChatClient.builder(this.chatModel).defaultAdvisors(session).build();
		openAi.thenAnswer("x").thenAnswer("y");
		client.prompt()
			.user("go")
			.advisors((a) -> a.param(SkillsAdvisor.SKILL_SET, "acme").param("SKILL", "globex-report"))
			.call()
			.content();
		assertThat(SetSkills.sent(openAi)).doesNotContain(SetSkills.marker("globex-report", "BODY"));
		assertThat(output.getOut()).contains("Session mode: unknown skill 'globex-report'");
		client.prompt()
			.user("go")
			.advisors((a) -> a.param(SkillsAdvisor.SKILL_SET, "acme").param("SKILL", "acme-refund"))
			.call()
			.content();
		assertThat(SetSkills.sent(openAi)).contains(SetSkills.marker("acme-refund", "BODY"));
	}

	@Test
	void hotReloadAddsMatchingSkill() {
		SetSkills.write(skills, "acme-late");
		this.registry.reload();
		openAi.thenAnswer("a").thenAnswer("g");
		ask("acme", "late-a");
		ask("globex", "late-g");
		assertThat(openAi.requests().get(0).toString()).contains("acme-late");
		assertThat(openAi.requests().get(1).toString()).doesNotContain("acme-late");
	}

	@Test
	void actuatorListsSets() {
		String body = this.http.getForObject("/actuator/skills", String.class);
		assertThat(body).contains("\"sets\":{")
			.contains("\"globex\":[\"globex-help\",\"globex-hidden\",\"globex-invoice\",\"globex-report\"]")
			.contains("\"customer\":[\"acme-welcome\",\"globex-help\",\"shared-faq\"]");
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

	}

}
