package dev.skills.mcp.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A client nobody here wrote: the official TypeScript SDK
 * ({@code @modelcontextprotocol/sdk} 1.32.2, installed by {@code npm ci} in
 * {@code src/test/node}) lists the tools, resources and prompts, verifies every
 * {@code SKILL.md} against its listed digest and size, calls {@code activate_skill}, and
 * receives {@code notifications/resources/list_changed} after a skill edit. On CI a
 * missing install fails the test; elsewhere it is skipped.
 */
class TypeScriptSdkClientTests {

	private static final Path CLIENT = Path.of("src/test/node");

	@TempDir
	Path skills;

	@Test
	void whenTheTypeScriptSdkReadsTheServedSkillsThenEveryCheckPasses() throws Exception {
		requireInstalledClient();
		write("pdf-processing/SKILL.md",
				"---\nname: pdf-processing\ndescription: Fill PDF forms\n---\n# PDF ✓ ünïcode\nSee references/FORMS.md.\n");
		write("pdf-processing/references/FORMS.md", "# Forms\n");
		write("haiku-writer/SKILL.md", "---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku\n");
		try (SkillsMcpTestServer server = SkillsMcpTestServer.start(this.skills, true)) {
			Process node = new ProcessBuilder("node", "client.mjs", server.url(), "--prompts")
				.directory(CLIENT.toFile())
				.redirectErrorStream(true)
				.start();
			List<String> output = new CopyOnWriteArrayList<>();
			BlockingQueue<String> lines = new LinkedBlockingQueue<>();
			Thread reader = new Thread(() -> read(node, output, lines), "node-client-output");
			reader.start();
			try {
				String line;
				do {
					line = lines.poll(60, TimeUnit.SECONDS);
					if (line == null) {
						fail("The node client did not get ready: " + output);
					}
				}
				while (!line.equals("ready"));
				write("haiku-writer/SKILL.md",
						"---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku 5-7-5\n");
				server.registry().reload();
				assertThat(node.waitFor(30, TimeUnit.SECONDS)).as("node client finished: %s", output).isTrue();
			}
			finally {
				node.destroyForcibly();
				reader.join(5000);
			}
			assertThat(node.exitValue()).as("node client output: %s", output).isZero();
			assertThat(output).contains("tools activate_skill,read_skill_resource",
					"prompts haiku-writer,pdf-processing", "verified skill://pdf-processing/SKILL.md",
					"verified skill://haiku-writer/SKILL.md", "list_changed", "ok");
		}
	}

	private static void requireInstalledClient() {
		if (Files.isDirectory(CLIENT.resolve("node_modules/@modelcontextprotocol/sdk"))) {
			return;
		}
		String reason = "The TypeScript SDK client is not installed: run 'npm ci' in skills-mcp/src/test/node";
		if ("true".equalsIgnoreCase(System.getenv("CI"))) {
			fail(reason + " (CI runs it in .ci/run before Maven)");
		}
		Assumptions.abort(reason);
	}

	private static void read(Process node, List<String> output, BlockingQueue<String> lines) {
		try (BufferedReader in = new BufferedReader(
				new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = in.readLine()) != null) {
				output.add(line);
				lines.add(line);
			}
		}
		catch (IOException ex) {
			output.add("(output ended: " + ex.getMessage() + ")");
		}
	}

	private void write(String path, String content) throws IOException {
		Path file = this.skills.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
	}

}
