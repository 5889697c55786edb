package dev.skills.boot.instances;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.sql.DataSource;

import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.jdbc.ConcurrentActivations;
import dev.skills.jdbc.FailSafeActiveSkillsRepository;
import dev.skills.jdbc.JdbcActiveSkillsRepository;
import dev.skills.jdbc.PostgresTest;
import dev.skills.jdbc.TestDatabases;
import dev.skills.spring.ai.tool.SkillsToolContext;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of one chat service on one PostgreSQL database
 * ({@code SKILLS_TEST_JDBC_URL}), each with its own chat memory window, behind an
 * imagined load balancer: the real OpenAI client against a local stub, the real HTTP
 * endpoints.
 */
@PostgresTest
class MultipleInstancesIntegrationTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final List<String> SKILLS = List.of("pdf-processing", "csv-cleaning", "charts", "json-tools",
			"xml-tools");

	@TempDir
	static Path skills;

	private static ChatCompletionsStub openAi;

	private static String table;

	private static ConfigurableApplicationContext a;

	private static ConfigurableApplicationContext b;

	@BeforeAll
	static void startTheModelAndTwoInstances() {
		TestDatabases.postgresUrl();
		for (String name : SKILLS) {
			SkillFixtures.skill(skills, name, "Work with " + name + ".", "The " + name + " instructions.");
		}
		openAi = ChatCompletionsStub.start();
		table = TestDatabases.uniqueTableName();
		a = start();
		b = start();
	}

	@AfterAll
	static void stopEverything() {
		if (a != null) {
			TestDatabases.drop(dataSource(), table);
			a.close();
		}
		if (b != null) {
			b.close();
		}
		if (openAi != null) {
			openAi.close();
		}
	}

	@BeforeEach
	void startFromNothing() {
		JdbcClient.create(dataSource()).sql("DELETE FROM " + table).update();
		openAi.reset();
	}

	@Test
	void aSkillActivatedThroughOneInstanceIsReinjectedByTheOtherOnTheNextTurn() {
		assertThat(a.getBean(FailSafeActiveSkillsRepository.class).delegate())
			.isInstanceOf(JdbcActiveSkillsRepository.class);
		openAi.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("Filled.");
		assertThat(chat(a, "conversation-1", "Fill my PDF form")).isEqualTo("Filled.");

		openAi.thenAnswer("Signed.");
		assertThat(chat(b, "conversation-1", "Now sign it")).isEqualTo("Signed.");

		JsonNode onB = openAi.requests().get(openAi.requests().size() - 1);
		List<String> systemTexts = new ArrayList<>();
		List<String> roles = new ArrayList<>();
		for (JsonNode message : onB.path("messages")) {
			roles.add(message.path("role").asString());
			if (message.path("role").asString().equals("system")) {
				systemTexts.add(message.path("content").toString());
			}
		}
		assertThat(roles).as("B has its own chat memory: A's turn is not in it").doesNotContain("tool", "assistant");
		assertThat(systemTexts)
			.anySatisfy((text) -> assertThat(text).contains("<skill_content name=\\\"pdf-processing\\\">")
				.contains("The pdf-processing instructions."));
		assertThat(activeSkills(a, "conversation-1")).containsExactly("pdf-processing");
		assertThat(activeSkills(b, "conversation-1")).containsExactly("pdf-processing");
	}

	@Test
	@Timeout(180)
	void fiftyThreadsActivatingSkillsInTwoHundredConversationsOnBothInstancesLoseNothingAndDuplicateNothing()
			throws Exception {
		List<ToolCallback> tools = List.of(activateTool(a), activateTool(b));
		Set<String> activated = ConcurrentActivations.run(SKILLS, (conversation, skill, step) -> {
			String result = tools.get(step % 2)
				.call("{\"skill_name\":\"" + skill + "\"}",
						new ToolContext(Map.of(SkillsToolContext.CONVERSATION_ID, conversation)));
			assertThat(result).contains("The " + skill + " instructions.");
		});
		assertThat(stored(a)).isEqualTo(activated).isEqualTo(stored(b));
		long rows = JdbcClient.create(dataSource()).sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
		assertThat(rows).isEqualTo(activated.size());
	}

	@Test
	void restartingAnInstanceKeepsEveryConversationsActiveSkills() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"csv-cleaning\"}").thenAnswer("Cleaned.");
		chat(a, "conversation-2", "Clean my CSV");
		a.close();

		a = start();

		assertThat(activeSkills(a, "conversation-2")).containsExactly("csv-cleaning");
		openAi.thenAnswer("Done.");
		chat(a, "conversation-2", "And again");
		assertThat(openAi.requests().get(openAi.requests().size() - 1).toString())
			.contains("The csv-cleaning instructions.");
	}

	private static ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(ChatInstanceApplication.class).properties(Map.ofEntries(
				Map.entry("server.port", "0"), Map.entry("spring.datasource.url", TestDatabases.postgresUrl()),
				Map.entry("spring.datasource.username", TestDatabases.postgresUsername()),
				Map.entry("spring.datasource.password", TestDatabases.postgresPassword()),
				Map.entry("spring.datasource.hikari.maximum-pool-size", "25"),
				Map.entry("skills.active-skills.store", "jdbc"),
				Map.entry("skills.active-skills.jdbc.initialize-schema", "always"),
				Map.entry("skills.active-skills.jdbc.table-name", table),
				Map.entry("skills.skills-dir", skills.toString()),
				Map.entry("spring.ai.openai.base-url", openAi.baseUrl()), Map.entry("spring.ai.openai.api-key", "test"),
				Map.entry("management.endpoints.web.exposure.include", "activeskills,health"),
				Map.entry("spring.main.banner-mode", "off"), Map.entry("logging.level.root", "warn")))
			.run();
	}

	private static DataSource dataSource() {
		return b.getBean(DataSource.class);
	}

	private static ToolCallback activateTool(ConfigurableApplicationContext context) {
		SkillsRegistry registry = context.getBean(SkillsRegistry.class);
		return context.getBean(SkillsTools.class).toolSet(registry.snapshot(), null).activate();
	}

	private static Set<String> stored(ConfigurableApplicationContext context) {
		return ConcurrentActivations.pairs(context.getBean(ActiveSkillsRepository.class).findAll(1000));
	}

	private static String chat(ConfigurableApplicationContext context, String conversationId, String message) {
		return http(context).post().uri("/chat/{id}", conversationId).body(message).retrieve().body(String.class);
	}

	private static List<String> activeSkills(ConfigurableApplicationContext context, String conversationId) {
		String body = http(context).get()
			.uri("/actuator/activeskills/{id}", conversationId)
			.retrieve()
			.body(String.class);
		List<String> names = new ArrayList<>();
		JSON.readTree(body).path("skills").forEach((skill) -> names.add(skill.path("name").asString()));
		return names;
	}

	private static RestClient http(ConfigurableApplicationContext context) {
		// A first chat parses the model's JSON for the first time: slow on a busy
		// machine.
		JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory();
		requests.setReadTimeout(Duration.ofSeconds(60));
		return RestClient.builder()
			.requestFactory(requests)
			.baseUrl("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port"))
			.build();
	}

}
