package dev.skills.mcp.server;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A skill packaged in the application's jar ({@code classpath*:META-INF/skills/}) is read
 * with {@code resources/read} on both endpoints, by the MCP Java SDK's clients: the 2.0
 * client on Spring AI's endpoint, the 2.2 modern client on the Skills Extension's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JarSkillReadTests {

	private static final String SKILL_MD = "---\nname: jarred-skill\ndescription: Packaged in a jar\n---\n# Jarred\n";

	private SkillsMcpTestServer server;

	private URLClassLoader loader;

	@BeforeAll
	void startServer(@TempDir Path temp) throws Exception {
		Path jar = SkillJars.jar(Files.createDirectories(temp.resolve("jars")), "jarred-skill", SKILL_MD);
		ClassLoader before = Thread.currentThread().getContextClassLoader();
		this.loader = new URLClassLoader(new URL[] { jar.toUri().toURL() }, before);
		Thread.currentThread().setContextClassLoader(this.loader);
		try {
			this.server = SkillsMcpTestServer.start(Files.createDirectories(temp.resolve("skills")), false, "10");
		}
		finally {
			Thread.currentThread().setContextClassLoader(before);
		}
	}

	@AfterAll
	void stopServer() throws Exception {
		this.server.close();
		this.loader.close();
	}

	@Test
	void legacyEndpointReadsJarSkill() {
		try (McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(this.server.url()).build())
			.requestTimeout(Duration.ofSeconds(30))
			.build()) {
			client.initialize();
			TextResourceContents read = (TextResourceContents) client
				.readResource(new ReadResourceRequest("skill://jarred-skill/SKILL.md"))
				.contents()
				.get(0);
			assertThat(read.text()).isEqualTo(SKILL_MD);
		}
	}

	@Test
	void extensionEndpointReadsJarSkill() {
		io.modelcontextprotocol.modern.client.McpSyncClient client = io.modelcontextprotocol.modern.client.McpClient
			.sync(HttpClientMcpTransport.builder(this.server.url() + "/mcp/skills").build())
			.callTimeout(Duration.ofSeconds(30))
			.build();
		io.modelcontextprotocol.modern.McpSchema.TextResourceContents read = (io.modelcontextprotocol.modern.McpSchema.TextResourceContents) client
			.resource("skill://jarred-skill/SKILL.md")
			.read()
			.contents()
			.get(0);
		assertThat(read.text()).isEqualTo(SKILL_MD);
	}

}
