package dev.skills.boot.mcp.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.autoconfigure.endpoint.SkillsEndpointAutoConfiguration;
import dev.skills.boot.endpoint.SkillsEndpoint;
import dev.skills.boot.endpoint.SkillsEndpoint.SkillSummary;
import dev.skills.boot.sources.autoconfigure.SkillsSourcesAutoConfiguration;
import dev.skills.boot.sources.autoconfigure.health.SkillsSourcesHealthContributorAutoConfiguration;
import dev.skills.boot.sources.autoconfigure.metrics.SkillsSourcesMetricsAutoConfiguration;
import dev.skills.boot.sources.health.SkillSourcesHealthIndicator;
import dev.skills.boot.sources.metrics.SkillSourcesMetrics;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.client.McpResourceChanges;
import dev.skills.mcp.source.McpSkillSource;
import dev.skills.mcp.source.test.SkillsMcpTestServer;
import dev.skills.sources.SourceRefresher;
import dev.skills.test.ScriptedChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration;
import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.ai.mcp.client.httpclient.autoconfigure.StreamableHttpHttpClientTransportAutoConfiguration;
import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code skills.sources.mcp} in a Spring context with Spring AI's own MCP client
 * auto-configuration, over streamable HTTP on loopback to a test MCP server.
 */
class SkillsMcpSourcesAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, ChatClientAutoConfiguration.class,
				SkillsAutoConfiguration.class, SkillsChatClientAutoConfiguration.class,
				SkillsSourcesAutoConfiguration.class, SkillsMcpSourcesAutoConfiguration.class,
				SkillsEndpointAutoConfiguration.class, SkillsSourcesHealthContributorAutoConfiguration.class,
				MetricsAutoConfiguration.class, SkillsSourcesMetricsAutoConfiguration.class,
				McpClientAutoConfiguration.class, StreamableHttpHttpClientTransportAutoConfiguration.class))
		.withBean(MeterRegistry.class, SimpleMeterRegistry::new);

	@TempDir
	Path temp;

	private SkillsMcpTestServer server;

	@BeforeEach
	void startServer() throws Exception {
		this.server = SkillsMcpTestServer.start();
		Files.createDirectories(this.temp.resolve("local"));
	}

	@AfterEach
	void stopServer() throws Exception {
		this.server.close();
	}

	private String[] properties(String readTimeout) {
		return new String[] { "skills.skills-dir=" + this.temp.resolve("local"),
				"skills.sources.cache-dir=" + this.temp.resolve("cache"), "skills.sources.mcp[0].connection=team",
				"skills.sources.mcp[0].read-timeout=" + readTimeout,
				"spring.ai.mcp.client.streamable-http.connections.team.url=" + this.server.url(),
				"management.endpoints.web.exposure.include=skills" };
	}

	@Test
	void whenAServerIsConfiguredThenItsSkillsActivateReadTheirFilesAndFollowItsEdits() {
		this.server.skill("pdf-processing", "Fill PDF forms", Map.of("references/FORMS.md", "forms v1"));
		ScriptedChatModel model = new ScriptedChatModel()
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenAnswer("done");
		this.contextRunner.withPropertyValues(properties("5s"))
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("pdf-processing"));
				String answer = context.getBean(ChatClient.Builder.class)
					.build()
					.prompt()
					.user("Fill the form")
					.call()
					.content();
				assertThat(answer).isEqualTo("done");
				assertThat(model.prompts().get(0).getSystemMessage().getText())
					.contains("<skill><name>pdf-processing</name><description>Fill PDF forms</description></skill>");
				assertThat(model.prompts().get(1).getInstructions().toString())
					.contains("Instructions of pdf-processing.");
				assertThat(model.prompts().get(2).getInstructions().toString()).contains("forms v1");

				SkillsEndpoint.SkillsDescriptor skills = context.getBean(SkillsEndpoint.class).skills();
				assertThat(skills.sources()).singleElement().satisfies((source) -> {
					assertThat(source.name()).isEqualTo("mcp:team");
					assertThat(source.type()).isEqualTo("mcp");
					assertThat(source.revision()).startsWith("mcp-");
					assertThat(source.fetchedAt()).isNotNull();
					assertThat(source.lastError()).isNull();
				});
				assertThat(skills.skills()).extracting(SkillSummary::remoteSource).containsExactly("mcp:team");
				assertThat(context.getBean(SkillSourcesHealthIndicator.class).health().getStatus())
					.isEqualTo(Status.UP);
				assertThat(context.getBean(MeterRegistry.class)
					.find(SkillSourcesMetrics.FETCH)
					.tags("source", "mcp:team", "outcome", "updated")
					.timer()
					.count()).isOne();

				this.server.skill("pdf-processing", "Fill and sign PDF forms",
						Map.of("references/FORMS.md", "forms v2"));
				this.server.notifyChanged();
				await().atMost(Duration.ofSeconds(2))
					.until(() -> registry.get("pdf-processing").get().description().equals("Fill and sign PDF forms"));
				assertThat(registry.readFile("pdf-processing", "references/FORMS.md", 1000)).isEqualTo("forms v2");
			});
	}

	@Test
	void whenAServerHangsAndLiesThenChatIsNotBlockedAndOnlyItsBadSkillsAreSkipped() {
		this.server.skill("good", "A good skill", Map.of());
		this.server.hangingFile("skill://slow/SKILL.md", SkillsMcpTestServer.skillMd("slow", "Never answers"));
		this.server.lyingFile("skill://liar/SKILL.md", SkillsMcpTestServer.skillMd("liar", "Evil"),
				SkillsMcpTestServer.skillMd("liar", "Good"));
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("answered");
		this.contextRunner.withPropertyValues(properties("3s"))
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				ChatClient client = context.getBean(ChatClient.Builder.class).build();
				// The fetch is waiting on the hanging read meanwhile.
				assertThat(CompletableFuture.supplyAsync(() -> client.prompt().user("Hello").call().content()))
					.succeedsWithin(Duration.ofSeconds(1))
					.isEqualTo("answered");
				SourceRefresher sources = context.getBean(SourceRefresher.class);
				await().atMost(Duration.ofSeconds(15)).until(() -> sources.statuses().get(0).loaded());
				assertThat(context.getBean(SkillsRegistry.class).names()).containsExactly("good");
				// Each skipped skill is a warning of the source on the registry.
				await().atMost(Duration.ofSeconds(5))
					.untilAsserted(() -> assertThat(context.getBean(SkillsRegistry.class).diagnostics())
						.extracting(SkillDiagnostic::message)
						.anySatisfy((message) -> assertThat(message)
							.startsWith("skill 'slow' skipped: resources/read of skill://slow/SKILL.md did not answer"))
						.anySatisfy((message) -> assertThat(message).startsWith(
								"skill 'liar' skipped: skill://liar/SKILL.md does not match its sha256 digest")));
			});
	}

	@Test
	void anAnswerLargerThanTheSourcesFilesAllowIsCutOnTheWire() {
		this.server.skill("good", "A good skill", Map.of());
		String listed = SkillsMcpTestServer.skillMd("liar", "Small");
		this.server.lyingFile("skill://liar/SKILL.md", listed + "x".repeat(8 * 1024 * 1024), listed);
		this.contextRunner.withPropertyValues(properties("10s"))
			.withPropertyValues("skills.sources.mcp[0].max-file-size=64KB")
			.run((context) -> {
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				await().atMost(Duration.ofSeconds(15)).until(() -> registry.contains("good"));
				// Two 64 KB files and 1 MiB a message: the 8 MiB answer is never held
				// whole.
				await().atMost(Duration.ofSeconds(5))
					.untilAsserted(() -> assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message)
						.anySatisfy((message) -> assertThat(message).startsWith("skill 'liar' skipped")
							.contains("more than 1179648 bytes")));
			});
	}

	@Test
	void whenTheConnectionIsUnknownThenStartupFailsNamingTheConnections() {
		this.contextRunner.withPropertyValues(properties("5s"))
			.withPropertyValues("skills.sources.mcp[0].connection=other")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("skills.sources.mcp[0].connection")
				.hasMessageContaining("no synchronous Spring AI MCP client has this connection name")
				.hasMessageContaining("[team]"));
	}

	@Test
	void urlThatIsNotHttpFailsStartup() {
		this.contextRunner.withPropertyValues(properties("5s"))
			.withPropertyValues("skills.sources.mcp[0].url=file:///etc/skills")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("skills.sources.mcp[0].url")
				.hasMessageContaining("an http or https URL with a host"));
	}

	@Test
	void onlyTheConnectionsASourceReadsHaveTheirTransportWatched() {
		this.contextRunner.withPropertyValues(properties("5s"))
			.withPropertyValues("spring.ai.mcp.client.streamable-http.connections.other.url=" + this.server.url())
			.run((context) -> {
				List<NamedClientMcpTransport> transports = context.getBean("streamableHttpHttpClientTransports",
						List.class);
				assertThat(transports).extracting(NamedClientMcpTransport::name)
					.containsExactlyInAnyOrder("team", "other");
				// Wrapped where the source hears list_changed, the SDK's own elsewhere.
				assertThat(transports).filteredOn((named) -> named.name().equals("team"))
					.singleElement()
					.satisfies((named) -> assertThat(named.transport())
						.isNotInstanceOf(HttpClientStreamableHttpTransport.class));
				assertThat(transports).filteredOn((named) -> named.name().equals("other"))
					.singleElement()
					.satisfies((named) -> assertThat(named.transport())
						.isInstanceOf(HttpClientStreamableHttpTransport.class));
			});
	}

	@Test
	void whenSkillsMcpIsNotOnTheClassPathThenItBacksOff() {
		this.contextRunner.withPropertyValues(properties("5s"))
			.withClassLoader(new FilteredClassLoader(McpSkillSource.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(McpResourceChanges.class)
				.doesNotHaveBean("skillsMcpSources"));
	}

	@Test
	void whenTheMcpClientIsNotOnTheClassPathThenItBacksOff() {
		this.contextRunner.withPropertyValues(properties("5s"))
			.withClassLoader(new FilteredClassLoader(McpSyncClient.class))
			.run((context) -> assertThat(context).doesNotHaveBean(McpResourceChanges.class)
				.doesNotHaveBean("skillsMcpSources"));
	}

}
