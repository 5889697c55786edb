package dev.skills.sample;

import java.time.Duration;
import java.util.Map;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code mcp} profile serves the sample's skills over streamable HTTP; the default
 * profile serves no MCP at all.
 */
class SampleMcpProfileTests {

	@Test
	void whenTheMcpProfileIsActiveThenAnMcpClientListsReadsAndActivatesTheSkills() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SampleApplication.class)
			.profiles("mcp")
			.run("--server.port=0", "--skills.skills-dir=../examples/skills,classpath*:META-INF/skills/")) {
			String url = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
			try (McpSyncClient client = McpClient
				.sync(HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp").build())
				.requestTimeout(Duration.ofSeconds(10))
				.build()) {
				client.initialize();
				assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri)
					.contains("skill://incident-summary/SKILL.md", "skill://index.json")
					.noneMatch((uri) -> uri.startsWith("skill://skill-authoring/"));
				McpSchema.ReadResourceResult read = client
					.readResource(new McpSchema.ReadResourceRequest("skill://incident-summary/SKILL.md"));
				assertThat(((McpSchema.TextResourceContents) read.contents().get(0)).text())
					.contains("name: incident-summary");
				assertThat(client.listPrompts().prompts()).extracting(McpSchema.Prompt::name)
					.contains("incident-summary");
				McpSchema.CallToolResult activation = client.callTool(
						new McpSchema.CallToolRequest("activate_skill", Map.of("skill_name", "incident-summary")));
				assertThat(activation.isError()).isNotEqualTo(Boolean.TRUE);
			}
		}
	}

	@Test
	void whenNoProfileIsActiveThenNoMcpServerRuns() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SampleApplication.class)
			.run("--server.port=0", "--skills.skills-dir=../examples/skills")) {
			assertThat(context.getBeanNamesForType(McpSyncServer.class)).isEmpty();
		}
	}

}
