package dev.skills.mcp.server;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client nobody here wrote on the 2026-07-28 endpoint: the official TypeScript SDK v2
 * ({@code @modelcontextprotocol/client} 2.4.0 and its {@code SkillsClient}) lists every
 * skill with {@code skills/list} page by page, gets each with {@code skills/get}, reads
 * and verifies every file (size, digest, and the frontmatter of {@code SKILL.md}), reads
 * a skill packaged in a jar and a folder, is refused escaping and hidden names with
 * {@code -32602}, subscribes, and sees a reload.
 */
class SkillsExtensionClientTests {

	@TempDir
	Path skills;

	@TempDir
	Path jars;

	@Test
	void typeScriptSkillsClientVerifiesAll() throws Exception {
		write("pdf-processing/SKILL.md", "---\nname: pdf-processing\ndescription: Fill PDF forms\nmetadata:\n"
				+ "  version: \"1.2\"\nlicense: Apache-2.0\n---\n# PDF ✓ ünïcode\nSee references/FORMS.md.\n");
		write("pdf-processing/references/FORMS.md", "# Forms\n");
		write("pdf-processing/scripts/fill.py", "print('fill')\n");
		write("haiku-writer/SKILL.md", "---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku\n");
		Path jar = SkillJars.jar(this.jars, "jarred-skill",
				"---\nname: jarred-skill\ndescription: Packaged in a jar\n---\n# Jarred\n");
		ClassLoader before = Thread.currentThread().getContextClassLoader();
		try (URLClassLoader loader = new URLClassLoader(new URL[] { jar.toUri().toURL() }, before)) {
			Thread.currentThread().setContextClassLoader(loader);
			try (SkillsMcpTestServer server = SkillsMcpTestServer.start(this.skills, false, "2")) {
				List<String> output = NodeClient.run("@modelcontextprotocol/client", () -> {
					write("haiku-writer/SKILL.md",
							"---\nname: haiku-writer\ndescription: Write haiku\n---\n# Haiku 5-7-5\n");
					server.registry().reload();
				}, "skills-client.mjs", server.url() + "/mcp/skills", "3", "jarred-skill");
				assertThat(output).contains("protocol 2026-07-28", "listed 3 skills in 2 pages",
						"verified skill://pdf-processing/SKILL.md", "verified skill://jarred-skill/SKILL.md",
						"directory SKILL.md:text/markdown,references:inode/directory,scripts:inode/directory",
						"refused escaping names", "reloaded", "ok");
			}
		}
		finally {
			Thread.currentThread().setContextClassLoader(before);
		}
	}

	private void write(String path, String content) throws IOException {
		Path file = this.skills.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, content);
	}

}
