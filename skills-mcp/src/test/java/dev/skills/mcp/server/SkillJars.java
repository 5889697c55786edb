package dev.skills.mcp.server;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * A skill packaged in a jar under {@code META-INF/skills/}, as an application ships one.
 */
final class SkillJars {

	private SkillJars() {
	}

	static Path jar(Path folder, String name, String skillFile) throws IOException {
		Path jar = folder.resolve(name + ".jar");
		try (OutputStream out = Files.newOutputStream(jar); JarOutputStream entries = new JarOutputStream(out)) {
			// Folders too, as every build tool writes them: the class path is searched by
			// folder.
			for (String entry : new String[] { "META-INF/", "META-INF/skills/", "META-INF/skills/" + name + "/" }) {
				entries.putNextEntry(new JarEntry(entry));
				entries.closeEntry();
			}
			entries.putNextEntry(new JarEntry("META-INF/skills/" + name + "/SKILL.md"));
			entries.write(skillFile.getBytes(StandardCharsets.UTF_8));
			entries.closeEntry();
		}
		return jar;
	}

}
