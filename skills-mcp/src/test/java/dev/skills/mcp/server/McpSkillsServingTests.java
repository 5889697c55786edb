package dev.skills.mcp.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A Java MCP client (the SDK's {@link McpSyncClient} over streamable HTTP) reads the
 * skills a Spring application serves from real folders on loopback.
 */
class McpSkillsServingTests {

	@TempDir
	Path temp;

	private Path skills;

	private SkillsMcpTestServer server;

	private McpSyncClient client;

	private final BlockingQueue<String> notifications = new LinkedBlockingQueue<>();

	@BeforeEach
	void serve() throws IOException {
		this.skills = Files.createDirectories(this.temp.resolve("skills"));
		write("pdf-processing/SKILL.md",
				"---\nname: pdf-processing\ndescription: Fill PDF forms\n---\n# PDF\nRead references/FORMS.md.\n");
		write("pdf-processing/references/FORMS.md", "# Forms\nField names.\n");
		write("pdf-processing/scripts/fill form.py", "print('fill')\n");
		write("haiku-writer/SKILL.md", "---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku\n");
		Files.writeString(this.temp.resolve("secret.txt"), "TOP-SECRET");
		this.server = SkillsMcpTestServer.start(this.skills, true);
		this.client = McpClient
			.sync(HttpClientStreamableHttpTransport.builder(this.server.url()).endpoint("/mcp").build())
			.requestTimeout(Duration.ofSeconds(10))
			.resourcesChangeConsumer((resources) -> this.notifications.add("resources"))
			.toolsChangeConsumer((tools) -> this.notifications.add("tools"))
			.promptsChangeConsumer((prompts) -> this.notifications.add("prompts"))
			.build();
		this.client.initialize();
	}

	@AfterEach
	void close() {
		if (this.client != null) {
			this.client.closeGracefully();
		}
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void whenListedThenEverySkillFileIsAResourceAtItsSep2640UriWithSizeAndDigest() {
		List<McpSchema.Resource> resources = this.client.listResources().resources();
		assertThat(resources).extracting(McpSchema.Resource::uri)
			.containsExactlyInAnyOrder("skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md",
					"skill://pdf-processing/scripts/fill%20form.py", "skill://haiku-writer/SKILL.md",
					"skill://index.json");
		McpSchema.Resource skill = resource(resources, "skill://pdf-processing/SKILL.md");
		assertThat(skill.mimeType()).isEqualTo("text/markdown");
		assertThat(skill.description()).isEqualTo("Fill PDF forms");
		assertThat(resource(resources, "skill://pdf-processing/scripts/fill%20form.py").mimeType())
			.isEqualTo("text/x-python");
		String text = text(this.client.readResource(new McpSchema.ReadResourceRequest(skill.uri())));
		assertThat(text).contains("# PDF");
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		assertThat(skill.size()).isEqualTo(bytes.length);
		assertThat(skill.meta()).containsEntry("digest", ServedFile.digest(bytes)).containsEntry("size", bytes.length);
		assertThat(ServedFile.digest(bytes)).matches("sha256:[0-9a-f]{64}");
	}

	@Test
	void whenTheIndexIsReadThenItListsEachSkillWithItsDescriptionAndUri() {
		String text = text(this.client.readResource(new McpSchema.ReadResourceRequest("skill://index.json")));
		JsonNode index = JsonMapper.builder().build().readTree(text);
		assertThat(index.get("$schema").asString()).isEqualTo(ServedIndex.SCHEMA);
		assertThat(index.get("skills")).hasSize(2);
		JsonNode pdf = index.get("skills")
			.valueStream()
			.filter((e) -> e.get("name").asString().equals("pdf-processing"))
			.findFirst()
			.orElseThrow();
		assertThat(pdf.get("description").asString()).isEqualTo("Fill PDF forms");
		assertThat(pdf.get("url").asString()).isEqualTo("skill://pdf-processing/SKILL.md");
		assertThat(pdf.get("type").asString()).isEqualTo("skill-md");
	}

	@Test
	void whenActivateSkillIsCalledThenTheInstructionsComeBack() {
		assertThat(this.client.listTools().tools()).extracting(McpSchema.Tool::name)
			.contains("activate_skill", "read_skill_resource");
		McpSchema.CallToolResult result = this.client
			.callTool(new McpSchema.CallToolRequest("activate_skill", Map.of("skill_name", "pdf-processing")));
		assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
		assertThat(((McpSchema.TextContent) result.content().get(0)).text()).contains("# PDF");
	}

	@Test
	void whenPromptsAreOnThenEachSkillIsAPromptWithItsActivationText() {
		assertThat(this.client.listPrompts().prompts()).extracting(McpSchema.Prompt::name)
			.containsExactlyInAnyOrder("pdf-processing", "haiku-writer");
		McpSchema.GetPromptResult prompt = this.client
			.getPrompt(new McpSchema.GetPromptRequest("haiku-writer", Map.of()));
		assertThat(((McpSchema.TextContent) prompt.messages().get(0).content()).text()).contains("# Haiku");
	}

	@Test
	void whenASkillIsEditedThenResourcesAndPromptsChangeButToolsDoNot() throws Exception {
		String before = digest("skill://haiku-writer/SKILL.md");
		write("haiku-writer/SKILL.md", "---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku, now 5-7-5\n");
		this.server.registry().reload();
		String first = this.notifications.poll(5, TimeUnit.SECONDS);
		assertThat(first).isNotNull();
		// The resources and the prompts may be announced in any order: give both time,
		// and count the first one heard too.
		Thread.sleep(500);
		List<String> seen = new ArrayList<>(List.of(first));
		seen.addAll(this.notifications);
		assertThat(seen).contains("resources", "prompts").doesNotContain("tools");
		assertThat(digest("skill://haiku-writer/SKILL.md")).isNotEqualTo(before);
		assertThat(text(this.client.readResource(new McpSchema.ReadResourceRequest("skill://haiku-writer/SKILL.md"))))
			.contains("5-7-5");
	}

	@Test
	void whenASkillIsAddedThenTheToolsChangeTooSinceTheirEnumDoes() throws Exception {
		write("tea-brewing/SKILL.md", "---\nname: tea-brewing\ndescription: Brew tea\n---\n# Tea\n");
		this.server.registry().reload();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (!this.notifications.contains("tools") && System.nanoTime() < deadline) {
			Thread.sleep(20);
		}
		assertThat(this.notifications).contains("resources", "tools");
		assertThat(this.client.listResources().resources()).extracting(McpSchema.Resource::uri)
			.contains("skill://tea-brewing/SKILL.md");
		assertThat(this.client.listTools().tools().stream().filter((t) -> t.name().equals("activate_skill")))
			.singleElement()
			.satisfies((tool) -> assertThat(tool.inputSchema().toString()).contains("tea-brewing"));
	}

	@Test
	void whenABundledFileIsEditedThenItsReadCarriesTheNewDigestAndItIsListedAgain() throws Exception {
		String uri = "skill://pdf-processing/references/FORMS.md";
		String before = digest(uri);
		write("pdf-processing/references/FORMS.md", "# Forms\nField names, and more.\n");
		McpSchema.ReadResourceResult read = this.client.readResource(new McpSchema.ReadResourceRequest(uri));
		String text = text(read);
		String digest = ServedFile.digest(text.getBytes(StandardCharsets.UTF_8));
		assertThat(read.contents().get(0).meta()).containsEntry("digest", digest);
		assertThat(digest).isNotEqualTo(before);
		assertThat(this.notifications.poll(5, TimeUnit.SECONDS)).isEqualTo("resources");
		assertThat(digest(uri)).isEqualTo(digest);
	}

	@Test
	void whenAPathTriesToLeaveTheSkillFolderThenTheReadIsRefusedWithoutNamingAServerPath() {
		for (String uri : List.of("skill://pdf-processing/../../secret.txt",
				"skill://pdf-processing/%2e%2e/%2e%2e/secret.txt",
				"skill://pdf-processing/%2E%2E%2F%2E%2E%2Fsecret.txt", "skill://../secret.txt")) {
			assertRefused(uri);
		}
	}

	@Test
	void whenALinkPointsOutsideTheSkillFolderThenItsContentIsNeverServed() throws Exception {
		Files.createSymbolicLink(this.skills.resolve("pdf-processing/references/leak.md"),
				this.temp.resolve("secret.txt"));
		this.server.registry().reload();
		Thread.sleep(200);
		for (McpSchema.Resource resource : this.client.listResources().resources()) {
			try {
				assertThat(text(this.client.readResource(new McpSchema.ReadResourceRequest(resource.uri()))))
					.doesNotContain("TOP-SECRET");
			}
			catch (McpError ex) {
				assertThat(ex.getMessage()).doesNotContain(this.temp.toString());
			}
		}
		assertRefused("skill://pdf-processing/references/leak.md");
	}

	@Test
	void whenAFifoSitsInASkillFolderThenReadingItIsRefusedAtOnce() throws Exception {
		Path fifo = this.skills.resolve("pdf-processing/references/pipe.md");
		Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
		assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0).isTrue();
		this.server.registry().reload();
		assertThat(this.client.listResources().resources()).extracting(McpSchema.Resource::uri)
			.doesNotContain("skill://pdf-processing/references/pipe.md");
		long start = System.nanoTime();
		assertRefused("skill://pdf-processing/references/pipe.md");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
	}

	private void assertRefused(String uri) {
		assertThatExceptionOfType(McpError.class)
			.isThrownBy(() -> this.client.readResource(new McpSchema.ReadResourceRequest(uri)))
			.satisfies((ex) -> assertThat(ex.getMessage()).isNotBlank()
				.doesNotContain(this.temp.toString())
				.doesNotContain("TOP-SECRET"));
	}

	private String digest(String uri) {
		return (String) resource(this.client.listResources().resources(), uri).meta().get("digest");
	}

	private static McpSchema.Resource resource(List<McpSchema.Resource> resources, String uri) {
		return resources.stream().filter((r) -> r.uri().equals(uri)).findFirst().orElseThrow();
	}

	private static String text(McpSchema.ReadResourceResult result) {
		return ((McpSchema.TextResourceContents) result.contents().get(0)).text();
	}

	private void write(String path, String content) throws IOException {
		Path file = this.skills.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
	}

}
