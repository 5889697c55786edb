package dev.skills.boot.outage;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.skills.boot.instances.ChatInstanceApplication;
import dev.skills.jdbc.PostgresTest;
import dev.skills.jdbc.TestDatabases;
import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A chat service whose active skills live in PostgreSQL ({@code SKILLS_TEST_JDBC_URL}),
 * reached through a TCP forwarder that the test takes down and brings back, as a database
 * that stops and starts again: chats keep answering (HTTP 200) within the store's timeout
 * plus the model's time, health says DOWN with the reason, one warning is logged, and
 * once the database is back activations are stored again.
 */
@PostgresTest
@ExtendWith(OutputCaptureExtension.class)
class StoreOutageIntegrationTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path skills;

	private static ChatCompletionsStub openAi;

	private static TcpProxy proxy;

	private static HikariDataSource direct;

	private static String table;

	private static ConfigurableApplicationContext app;

	@BeforeAll
	static void start() {
		URI url = URI.create(TestDatabases.postgresUrl().substring("jdbc:".length()));
		for (String name : List.of("pdf-processing", "csv-cleaning", "charts")) {
			SkillFixtures.skill(skills, name, "Work with " + name + ".", "The " + name + " instructions.");
		}
		openAi = ChatCompletionsStub.start();
		proxy = new TcpProxy(url.getHost(), url.getPort());
		proxy.up();
		direct = TestDatabases.postgres();
		table = TestDatabases.uniqueTableName();
		String proxied = "jdbc:postgresql://127.0.0.1:" + proxy.port() + url.getPath();
		app = new SpringApplicationBuilder(ChatInstanceApplication.class).properties(Map.ofEntries(
				Map.entry("server.port", "0"), Map.entry("spring.datasource.url", proxied),
				Map.entry("spring.datasource.username", TestDatabases.postgresUsername()),
				Map.entry("spring.datasource.password", TestDatabases.postgresPassword()),
				Map.entry("skills.active-skills.store", "jdbc"),
				Map.entry("skills.active-skills.jdbc.initialize-schema", "always"),
				Map.entry("skills.active-skills.jdbc.table-name", table),
				Map.entry("skills.active-skills.jdbc.timeout", "1s"), Map.entry("skills.skills-dir", skills.toString()),
				Map.entry("spring.ai.openai.base-url", openAi.baseUrl()), Map.entry("spring.ai.openai.api-key", "test"),
				Map.entry("management.endpoints.web.exposure.include", "health"),
				Map.entry("management.endpoint.health.show-details", "always"),
				Map.entry("spring.main.banner-mode", "off"), Map.entry("logging.level.root", "warn")))
			.run();
	}

	@AfterAll
	static void stop() {
		if (app != null) {
			app.close();
		}
		if (direct != null) {
			TestDatabases.drop(direct, table);
			direct.close();
		}
		if (proxy != null) {
			proxy.close();
		}
		if (openAi != null) {
			openAi.close();
		}
	}

	@Test
	@Timeout(180)
	void whenTheDatabaseStopsThenChatsGoOnAndWhenItIsBackActivationsAreStoredAgain(CapturedOutput output) {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("Filled.");
		assertThat(chat("c1", "Fill my PDF form")).isEqualTo("Filled.");
		assertThat(stored("c1")).containsExactly("pdf-processing");

		proxy.down();

		for (int turn = 0; turn < 3; turn++) {
			openAi.thenCall("activate_skill", "{\"skill_name\":\"csv-cleaning\"}").thenAnswer("Cleaned " + turn + ".");
			long start = System.nanoTime();
			assertThat(chat("c2", "Clean my CSV")).isEqualTo("Cleaned " + turn + ".");
			// Without the bound each store call waited for the pool's 30 s connection
			// timeout.
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
		}
		JsonNode store = health().path("components").path("skills").path("details").path("activeSkills");
		assertThat(health().path("components").path("skills").path("status").asString()).isEqualTo("DOWN");
		assertThat(store.path("answers").asBoolean()).isFalse();
		assertThat(store.path("error").asString()).isNotEmpty();
		assertThat(output).containsOnlyOnce("The active-skill store (JdbcActiveSkillsRepository) failed");
		assertThat(stored("c2")).isEmpty();

		proxy.up();

		await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
			openAi.reset();
			openAi.thenCall("activate_skill", "{\"skill_name\":\"charts\"}").thenAnswer("Charted.");
			assertThat(chat("c3", "Draw a chart")).isEqualTo("Charted.");
			assertThat(stored("c3")).containsExactly("charts");
		});
		assertThat(health().path("components").path("skills").path("status").asString()).isEqualTo("UP");
		assertThat(output).contains("answers again");
	}

	private static List<String> stored(String conversation) {
		return JdbcClient.create((DataSource) direct)
			.sql("SELECT skill_name FROM " + table + " WHERE conversation_id = ? ORDER BY id")
			.param(conversation)
			.query(String.class)
			.list();
	}

	private static String chat(String conversationId, String message) {
		return http().post().uri("/chat/{id}", conversationId).body(message).retrieve().body(String.class);
	}

	private static JsonNode health() {
		// Health answers 503 while DOWN: read the body whatever the status.
		String body = http().get()
			.uri("/actuator/health")
			.exchange((request, response) -> new String(response.getBody().readAllBytes(),
					java.nio.charset.StandardCharsets.UTF_8), true);
		return JSON.readTree(body);
	}

	private static RestClient http() {
		JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory();
		requests.setReadTimeout(Duration.ofSeconds(60));
		return RestClient.builder()
			.requestFactory(requests)
			.baseUrl("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port"))
			.build();
	}

}
