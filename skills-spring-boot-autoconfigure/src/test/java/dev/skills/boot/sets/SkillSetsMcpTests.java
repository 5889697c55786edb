package dev.skills.boot.sets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.ExtensionRequests;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
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
 * An application whose MCP server serves one skill set ({@code skills.mcp.set}), through
 * a real MCP client over streamable HTTP on loopback: tools, resources, the index and
 * prompts hold the set's skills only, and a skill outside it is refused exactly as a
 * missing one.
 */
class SkillSetsMcpTests {

	@TempDir
	static Path skills;

	static ConfigurableApplicationContext server;

	static McpSyncClient client;

	@BeforeAll
	static void serve() {
		SetSkills.write(skills);
		server = new SpringApplicationBuilder(ServingApplication.class).properties("server.port=0",
				"server.address=127.0.0.1", "server.shutdown=immediate", "spring.main.banner-mode=off",
				"spring.ai.mcp.server.protocol=STREAMABLE", "spring.ai.mcp.client.enabled=false",
				"spring.ai.openai.api-key=test", "skills.skills-dir=" + skills, "skills.sets.acme.include=acme-*",
				"skills.sets.globex.include=globex-*", "skills.sets.customer.tags=customer", "skills.default-set=acme",
				"skills.mcp.set=globex", "skills.mcp.prompts=true", "skills.mcp.modern.enabled=true",
				"logging.level.root=WARN", "logging.level.org.springframework.ai.mcp=ERROR")
			.run();
		String url = "http://127.0.0.1:" + server.getEnvironment().getProperty("local.server.port");
		client = McpClient.sync(HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp").build())
			.requestTimeout(Duration.ofSeconds(10))
			.build();
		client.initialize();
	}

	@AfterAll
	static void stop() {
		client.closeGracefully();
		server.close();
	}

	@Test
	void servesOnlyItsSet() {
		List<String> uris = client.listResources().resources().stream().map(McpSchema.Resource::uri).toList();
		assertThat(uris).contains("skill://globex-report/SKILL.md", "skill://globex-report/references/notes.md")
			.allMatch((uri) -> uri.startsWith("skill://globex-") || uri.equals("skill://index.json"));
		assertThat(client.listPrompts().prompts()).extracting(McpSchema.Prompt::name)
			.containsExactlyInAnyOrderElementsOf(SetSkills.GLOBEX);
		String index = text(client.readResource(new McpSchema.ReadResourceRequest("skill://index.json")));
		assertThat(index).contains(SetSkills.GLOBEX);
		String seen = client.listResources() + index + client.listPrompts() + client.listTools();
		assertThat(seen).contains("globex-hidden").doesNotContain(SetSkills.markersOutside(SetSkills.GLOBEX));
	}

	@Test
	void outsideToolCallsAnswerAsMissing() {
		assertSameAsMissing("acme-invoice", (name) -> call("activate_skill", Map.of("skill_name", name)));
		assertSameAsMissing("shared-faq",
				(name) -> call("read_skill_resource", Map.of("skill_name", name, "path", "references/notes.md")));
	}

	@Test
	void outsideReadsAnswerAsMissing() {
		assertSameAsMissing("acme-invoice", (name) -> refusal(() -> client
			.readResource(new McpSchema.ReadResourceRequest("skill://" + name + "/references/notes.md"))));
		assertSameAsMissing("ops-runbook", (name) -> refusal(
				() -> client.readResource(new McpSchema.ReadResourceRequest("skill://" + name + "/SKILL.md"))));
		assertSameAsMissing("acme-refund",
				(name) -> refusal(() -> client.getPrompt(new McpSchema.GetPromptRequest(name, Map.of()))));
	}

	@Test
	void insideCallsAndReadsWork() {
		assertThat(call("activate_skill", Map.of("skill_name", "globex-report")))
			.contains(SetSkills.marker("globex-report", "BODY"));
		assertThat(
				text(client.readResource(new McpSchema.ReadResourceRequest("skill://globex-help/references/notes.md"))))
			.isEqualTo(SetSkills.marker("globex-help", "FILE"));
		assertThat(client.getPrompt(new McpSchema.GetPromptRequest("globex-invoice", Map.of())).toString())
			.contains(SetSkills.marker("globex-invoice", "BODY"));
	}

	@Test
	void reloadServesNewMemberOnly() {
		SetSkills.write(skills, "globex-late");
		SetSkills.write(skills, "acme-late");
		server.getBean(SkillsRegistry.class).reload();
		await().atMost(Duration.ofSeconds(10))
			.until(() -> client.listPrompts().prompts().stream().anyMatch((p) -> p.name().equals("globex-late")));
		assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri)
			.contains("skill://globex-late/SKILL.md")
			.doesNotContain("skill://acme-late/SKILL.md");
		assertThat(client.listTools().toString()).contains("globex-late").doesNotContain("acme-late");
	}

	@Test
	void extensionEndpointServesOnlyItsSet() throws Exception {
		JsonNode page = extension("skills/list", "{}");
		assertThat(page.at("/result/skills").findValuesAsString("uri"))
			.contains("skill://globex-report/SKILL.md", "skill://globex-invoice/SKILL.md")
			.allMatch((uri) -> uri.startsWith("skill://globex-"));
		assertThat(page.toString()).doesNotContain(SetSkills.markersOutside(SetSkills.GLOBEX));
		assertThat(extension("skills/get", "{\"uri\":\"skill://globex-report/SKILL.md\"}").toString())
			.contains(SetSkills.marker("globex-report", "DESC"));
		assertThat(extension("resources/read", "{\"uri\":\"skill://globex-report/SKILL.md\"}").toString())
			.contains(SetSkills.marker("globex-report", "BODY"));
		assertSameAsMissing("acme-invoice",
				(name) -> extension("skills/get", "{\"uri\":\"skill://" + name + "/SKILL.md\"}").toString());
		assertSameAsMissing("shared-faq",
				(name) -> extension("resources/read", "{\"uri\":\"skill://" + name + "/references/notes.md\"}")
					.toString());
	}

	// What a name outside the set gets is what a name no skill has gets, name aside.
	private static void assertSameAsMissing(String outside, Function<String, String> ask) {
		String missing = outside + "-missing";
		String refused = ask.apply(outside);
		assertThat(refused).isEqualTo(ask.apply(missing).replace(missing, outside));
		assertThat(refused).doesNotContain(SetSkills.marker(outside, "BODY"), SetSkills.marker(outside, "FILE"),
				SetSkills.marker(outside, "DESC"));
	}

	// The Skills Extension endpoint (protocol 2026-07-28) beside the MCP server.
	private static JsonNode extension(String method, String params) {
		// resources/read names its URI in a header too.
		String name = method.equals("resources/read")
				? JsonMapper.builder().build().readTree(params).get("uri").asString() : null;
		URI endpoint = URI
			.create("http://127.0.0.1:" + server.getEnvironment().getProperty("local.server.port") + "/mcp/skills");
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(ExtensionRequests.of(endpoint, method, params, name), HttpResponse.BodyHandlers.ofString());
			return JsonMapper.builder().build().readTree(response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static String call(String tool, Map<String, Object> arguments) {
		McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
		return result.content().toString();
	}

	private static String refusal(Runnable request) {
		try {
			request.run();
		}
		catch (McpError ex) {
			return ex.getMessage() + " " + ex.getJsonRpcError();
		}
		throw new AssertionError("The request was not refused");
	}

	private static String text(McpSchema.ReadResourceResult result) {
		return ((McpSchema.TextResourceContents) result.contents().get(0)).text();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ServingApplication {

	}

}
