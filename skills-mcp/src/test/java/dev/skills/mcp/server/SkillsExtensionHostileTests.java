package dev.skills.mcp.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.skills.test.ExtensionRequests;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 2026-07-28 endpoint as an attacker sees it, over raw HTTP: a URI 200,000 segments
 * deep, a URI just under the body limit, an escaping URI and a forged cursor each get an
 * answer at once, and a JSON-RPC error that names no server path.
 */
class SkillsExtensionHostileTests {

	@TempDir
	static Path skills;

	private static SkillsMcpTestServer server;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() throws IOException {
		Path file = skills.resolve("alpha/SKILL.md");
		Files.createDirectories(file.getParent());
		Files.writeString(file, "---\nname: alpha\ndescription: First\n---\n# Alpha\n");
		server = SkillsMcpTestServer.start(skills, false, "100");
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@Test
	void servedUriIsAnswered() throws Exception {
		// The refusals below are the URI's, not the request's.
		assertThat(post("skills/get", "{\"uri\":\"skill://alpha/SKILL.md\"}").body()).contains("\"frontmatter\"")
			.doesNotContain("\"error\"");
	}

	@Test
	void deepUriIsRefusedAtOnce() throws Exception {
		String uri = "skill://alpha/" + "a/".repeat(200_000) + "SKILL.md";
		// A first request opens the connection: only the deep one is timed.
		post("skills/list", "{\"cursor\":\"0\"}");
		long start = System.nanoTime();
		HttpResponse<String> response = post("skills/get", "{\"uri\":\"" + uri + "\"}");
		// The time is the behaviour: bounded work, whatever the depth (a wide margin for
		// a
		// busy machine).
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
		assertThat(response.statusCode()).isGreaterThanOrEqualTo(400);
		assertThat(response.body()).doesNotContain(skills.toString());
	}

	@Test
	void longUriIsInvalidParams() throws Exception {
		String uri = "skill://alpha/" + "a/".repeat(10_000) + "SKILL.md";
		HttpResponse<String> response = post("skills/get", "{\"uri\":\"" + uri + "\"}");
		assertThat(response.body()).contains("-32602").hasSizeLessThan(2_000);
	}

	@Test
	void escapingReadIsInvalidParams() throws Exception {
		HttpResponse<String> response = post("resources/read", "{\"uri\":\"skill://alpha/%2e%2e/%2e%2e/etc/passwd\"}",
				"skill://alpha/%2e%2e/%2e%2e/etc/passwd");
		assertThat(response.body()).contains("-32602").doesNotContain(skills.toString()).doesNotContain("root:");
	}

	@Test
	void forgedCursorIsInvalidParams() throws Exception {
		assertThat(post("skills/list", "{\"cursor\":\"99999999999999999999\"}").body()).contains("-32602");
		assertThat(post("skills/list", "{\"cursor\":\"-1\"}").body()).contains("-32602");
	}

	private HttpResponse<String> post(String method, String params) throws Exception {
		return post(method, params, null);
	}

	private HttpResponse<String> post(String method, String params, String name) throws Exception {
		return this.http.send(ExtensionRequests.of(URI.create(server.url() + "/mcp/skills"), method, params, name),
				HttpResponse.BodyHandlers.ofString());
	}

}
