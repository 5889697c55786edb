package dev.skills.boot.mcp.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.server.McpSkillsPublisher;
import dev.skills.test.ExtensionRequests;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Skills Extension endpoint as {@link SkillsMcpExtensionAutoConfiguration} mounts it
 * in a Spring Boot application's web server (random loopback port), beside Spring AI's
 * MCP server, spoken to in plain JSON-RPC over HTTP on protocol 2026-07-28.
 */
class SkillsMcpExtensionServingTests {

	private final HttpClient http = HttpClient.newHttpClient();

	private final JsonMapper json = JsonMapper.builder().build();

	@TempDir
	Path skills;

	private ConfigurableApplicationContext server;

	@BeforeEach
	void startServer() {
		SkillFixtures.skill(this.skills, "haiku-writer", "Write haiku", "# Haiku");
		SkillFixtures.file(SkillFixtures.skill(this.skills, "pdf-processing", "Fill PDF forms", "# PDF"),
				"references/FORMS.md", "# Forms");
		this.server = new SpringApplicationBuilder(ServingApplication.class)
			// The default graceful shutdown, which waits for active requests.
			.properties("server.port=0", "server.address=127.0.0.1", "spring.main.banner-mode=off",
					"spring.ai.mcp.server.protocol=STREAMABLE", "spring.ai.mcp.client.enabled=false",
					"spring.ai.openai.api-key=test", "skills.skills-dir=" + this.skills,
					"skills.mcp.modern.enabled=true", "skills.mcp.modern.page-size=1", "logging.level.root=WARN",
					// Spring AI's start-up notes on what this server does not use.
					"logging.level.org.springframework.ai.mcp=ERROR",
					"logging.level.org.springframework.context.support.PostProcessorRegistrationDelegate=ERROR")
			.run();
	}

	@AfterEach
	void stopServer() {
		this.server.close();
	}

	@Test
	void discoverDeclaresTheExtension() throws Exception {
		JsonNode result = call("server/discover", "{}");
		assertThat(result.at("/capabilities/extensions").has("io.modelcontextprotocol/skills")).isTrue();
		// Beside the endpoint for older clients, not instead of it.
		assertThat(this.server.getBeansOfType(McpSkillsPublisher.class)).hasSize(1);
	}

	@Test
	void skillsListFollowsThePageSize() throws Exception {
		List<String> uris = new ArrayList<>();
		JsonNode page = call("skills/list", "{}");
		uris.add(page.at("/skills/0/uri").asString());
		assertThat(page.get("skills")).hasSize(1);
		page = call("skills/list", "{\"cursor\":" + page.get("nextCursor") + "}");
		uris.add(page.at("/skills/0/uri").asString());
		assertThat(page.has("nextCursor")).isFalse();
		assertThat(uris).containsExactly("skill://haiku-writer/SKILL.md", "skill://pdf-processing/SKILL.md");
		assertThat(page.at("/skills/0/resources").findValuesAsString("uri"))
			.containsExactlyInAnyOrder("skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md");
	}

	@Test
	void reloadReachesASubscriber() throws Exception {
		Lines lines = new Lines();
		this.http.sendAsync(request("subscriptions/listen", "{\"notifications\":{\"resourcesListChanged\":true}}"),
				HttpResponse.BodyHandlers.fromLineSubscriber(lines));
		await().atMost(Duration.ofSeconds(10)).until(() -> lines.contain("notifications/subscriptions/acknowledged"));

		SkillFixtures.skill(this.skills, "haiku-writer", "Write haiku 5-7-5", "# Haiku");
		this.server.getBean(SkillsRegistry.class).reload();

		await().atMost(Duration.ofSeconds(10)).until(() -> lines.contain("notifications/resources/list_changed"));
		assertThat(call("skills/list", "{}").at("/skills/0/frontmatter/description").asString())
			.isEqualTo("Write haiku 5-7-5");
	}

	@Test
	void closeEndsSubscriptionsFirst() {
		Lines lines = new Lines();
		this.http.sendAsync(request("subscriptions/listen", "{\"notifications\":{\"resourcesListChanged\":true}}"),
				HttpResponse.BodyHandlers.fromLineSubscriber(lines));
		await().atMost(Duration.ofSeconds(10)).until(() -> lines.contain("notifications/subscriptions/acknowledged"));
		long start = System.nanoTime();
		this.server.close();
		// The time is the behaviour: the graceful shutdown does not wait its 30 s for
		// the open subscription (a wide margin for a busy machine).
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
		await().atMost(Duration.ofSeconds(10)).until(() -> lines.ended);
		// Ended by its result, as 2026-07-28 closes a subscription gracefully.
		assertThat(lines.contain("\"result\"")).isTrue();
	}

	private JsonNode call(String method, String params) throws Exception {
		HttpResponse<String> response = this.http.send(request(method, params), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		JsonNode answer = this.json.readTree(response.body());
		assertThat(answer.has("error")).as(response.body()).isFalse();
		return answer.get("result");
	}

	private HttpRequest request(String method, String params) {
		return ExtensionRequests.of(URI.create(
				"http://127.0.0.1:" + this.server.getEnvironment().getProperty("local.server.port") + "/mcp/skills"),
				method, params);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ServingApplication {

	}

	/**
	 * The lines of a subscription's event stream, as they arrive.
	 */
	private static final class Lines implements Flow.Subscriber<String> {

		private final List<String> received = new CopyOnWriteArrayList<>();

		private volatile boolean ended;

		boolean contain(String text) {
			return this.received.stream().anyMatch((line) -> line.contains(text));
		}

		@Override
		public void onSubscribe(Flow.Subscription subscription) {
			subscription.request(Long.MAX_VALUE);
		}

		@Override
		public void onNext(String line) {
			this.received.add(line);
		}

		@Override
		public void onError(Throwable error) {
			this.ended = true;
		}

		@Override
		public void onComplete() {
			this.ended = true;
		}

	}

}
