package dev.skills.boot.mcp.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.autoconfigure.endpoint.SkillsEndpointAutoConfiguration;
import dev.skills.boot.endpoint.SkillsEndpoint;
import dev.skills.boot.endpoint.SkillsEndpoint.SkillSummary;
import dev.skills.boot.sources.autoconfigure.SkillsSourcesAutoConfiguration;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.client.McpResourceChanges;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration;
import org.springframework.ai.mcp.client.httpclient.autoconfigure.StreamableHttpHttpClientTransportAutoConfiguration;
import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Both halves of skills over MCP against each other, over streamable HTTP on loopback:
 * one Spring Boot application serves its skills on Spring AI's MCP server
 * ({@code skills.mcp}), a second Spring context reads them through
 * {@code skills.sources.mcp} with Spring AI's MCP client, or by URL from the Skills
 * Extension endpoint it serves beside ({@code skills.mcp.modern.enabled}).
 */
class McpSkillsRoundTripTests {

	private final ApplicationContextRunner reader = new ApplicationContextRunner().withConfiguration(AutoConfigurations
		.of(ToolCallingAutoConfiguration.class, ChatClientAutoConfiguration.class, SkillsAutoConfiguration.class,
				SkillsChatClientAutoConfiguration.class, SkillsSourcesAutoConfiguration.class,
				SkillsMcpSourcesAutoConfiguration.class, SkillsEndpointAutoConfiguration.class,
				McpClientAutoConfiguration.class, StreamableHttpHttpClientTransportAutoConfiguration.class));

	@TempDir
	Path temp;

	private Path served;

	private ConfigurableApplicationContext server;

	@BeforeEach
	void startServer() {
		this.served = this.temp.resolve("served");
		SkillFixtures.file(SkillFixtures.skill(this.served, "pdf-processing", "Fill PDF forms", "Fill each field."),
				"references/FORMS.md", "forms v1");
		SkillFixtures.skill(this.temp.resolve("local"), "release-notes", "Write release notes", "Group by area.");
		this.server = new SpringApplicationBuilder(ServingApplication.class)
			.properties("server.port=0", "server.address=127.0.0.1", "server.shutdown=immediate",
					"spring.main.banner-mode=off", "spring.ai.mcp.server.protocol=STREAMABLE",
					"spring.ai.mcp.client.enabled=false", "spring.ai.openai.api-key=test",
					"skills.skills-dir=" + this.served, "skills.hot-reload=true", "skills.mcp.modern.enabled=true",
					"skills.mcp.modern.page-size=1", "logging.level.root=WARN",
					// Spring AI's start-up notes on what this server does not use.
					"logging.level.org.springframework.ai.mcp=ERROR")
			.run();
	}

	@AfterEach
	void stopServer() {
		this.server.close();
	}

	@Test
	void whenOneApplicationServesSkillsThenAnotherReadsThemActivatesThemAndFollowsTheirEdits() {
		ScriptedChatModel model = new ScriptedChatModel()
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenAnswer("done");
		this.reader
			.withPropertyValues("skills.skills-dir=" + this.temp.resolve("local"),
					"skills.sources.cache-dir=" + this.temp.resolve("cache"), "skills.sources.mcp[0].connection=team",
					"management.endpoints.web.exposure.include=skills",
					"spring.ai.mcp.client.streamable-http.connections.team.url=http://127.0.0.1:"
							+ this.server.getEnvironment().getProperty("local.server.port"))
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("pdf-processing"));
				assertThat(registry.names()).containsExactly("pdf-processing", "release-notes");

				String answer = context.getBean(ChatClient.Builder.class)
					.build()
					.prompt()
					.user("Fill the form")
					.call()
					.content();

				assertThat(answer).isEqualTo("done");
				assertThat(model.prompts().get(0).getSystemMessage().getText())
					.contains("<skill><name>pdf-processing</name><description>Fill PDF forms</description></skill>");
				assertThat(model.prompts().get(1).getInstructions().toString()).contains("Fill each field.");
				assertThat(model.prompts().get(2).getInstructions().toString()).contains("forms v1");
				assertThat(context.getBean(SkillsEndpoint.class).skills().skills())
					.filteredOn((skill) -> skill.name().equals("pdf-processing"))
					.extracting(SkillSummary::remoteSource)
					.containsExactly("mcp:team");

				AtomicLong notified = new AtomicLong();
				context.getBean(McpResourceChanges.class).onChange("team", () -> notified.set(System.nanoTime()));
				SkillFixtures.skill(this.served, "pdf-processing", "Fill and sign PDF forms", "Fill each field.");
				await().atMost(Duration.ofSeconds(10))
					.until(() -> registry.get("pdf-processing").orElseThrow().description().startsWith("Fill and"));
				long updated = System.nanoTime();
				assertThat(notified.get()).as("the server's resources/list_changed reached the reader").isPositive();
				assertThat(Duration.ofNanos(updated - notified.get())).isLessThan(Duration.ofSeconds(2));
				assertThat(registry.readFile("pdf-processing", "references/FORMS.md", 1000)).isEqualTo("forms v1");
			});
	}

	@Test
	void editReachesAReaderOfTheExtension() {
		SkillFixtures.skill(this.served, "haiku-writer", "Write haiku", "Five, seven, five.");
		this.reader
			.withPropertyValues("skills.skills-dir=" + this.temp.resolve("local"),
					"skills.sources.cache-dir=" + this.temp.resolve("cache"), "skills.sources.mcp[0].connection=team",
					"skills.sources.mcp[0].url=http://127.0.0.1:"
							+ this.server.getEnvironment().getProperty("local.server.port") + "/mcp/skills",
					"skills.sources.mcp[0].refresh-interval=200ms", "spring.ai.mcp.client.enabled=false",
					"management.endpoints.web.exposure.include=skills")
			.run((context) -> {
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				await().atMost(Duration.ofSeconds(10))
					.until(() -> registry.contains("pdf-processing") && registry.contains("haiku-writer"));
				assertThat(registry.readFile("pdf-processing", "references/FORMS.md", 1000)).isEqualTo("forms v1");
				assertThat(context.getBean(SkillsEndpoint.class).skills().skills())
					.filteredOn((skill) -> skill.name().equals("pdf-processing"))
					.extracting(SkillSummary::remoteSource)
					.containsExactly("mcp:team");

				SkillFixtures.skill(this.served, "pdf-processing", "Fill and sign PDF forms", "Fill each field.");
				await().atMost(Duration.ofSeconds(15))
					.until(() -> registry.get("pdf-processing").orElseThrow().description().startsWith("Fill and"));
				assertThat(registry.contains("haiku-writer")).isTrue();
			});
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ServingApplication {

	}

}
