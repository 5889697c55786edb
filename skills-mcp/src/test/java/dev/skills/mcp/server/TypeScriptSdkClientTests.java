package dev.skills.mcp.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client nobody here wrote: the official TypeScript SDK
 * ({@code @modelcontextprotocol/sdk} 1.32.2, installed by {@code npm ci} in
 * {@code src/test/node}) lists the tools, resources and prompts, verifies every
 * {@code SKILL.md} against its listed digest and size, calls {@code activate_skill}, and
 * receives {@code notifications/resources/list_changed} after a skill edit. On CI a
 * missing install fails the test; elsewhere it is skipped.
 */
class TypeScriptSdkClientTests {

	@TempDir
	Path skills;

	@Test
	void whenTheTypeScriptSdkReadsTheServedSkillsThenEveryCheckPasses() throws Exception {
		write("pdf-processing/SKILL.md",
				"---\nname: pdf-processing\ndescription: Fill PDF forms\n---\n# PDF ✓ ünïcode\nSee references/FORMS.md.\n");
		write("pdf-processing/references/FORMS.md", "# Forms\n");
		write("haiku-writer/SKILL.md", "---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku\n");
		try (SkillsMcpTestServer server = SkillsMcpTestServer.start(this.skills, true)) {
			List<String> output = NodeClient.run("@modelcontextprotocol/sdk", () -> {
				write("haiku-writer/SKILL.md",
						"---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku 5-7-5\n");
				server.registry().reload();
			}, "client.mjs", server.url(), "--prompts");
			assertThat(output).contains("tools activate_skill,read_skill_resource",
					"prompts haiku-writer,pdf-processing", "verified skill://pdf-processing/SKILL.md",
					"verified skill://haiku-writer/SKILL.md", "list_changed", "ok");
		}
	}

	private void write(String path, String content) throws IOException {
		Path file = this.skills.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
	}

}
