package dev.skills.core.registry;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code readFile} for a skill inside a jar on the class path.
 */
class JarSkillsRegistryReadFileTests extends SkillFileReadsContract {

	@TempDir
	Path root;

	private URLClassLoader classLoader;

	@Override
	SkillsRegistry createRegistry(SkillConfig config, Map<String, byte[]> skillFiles, Map<String, byte[]> otherFiles) {
		TestJars jar = TestJars.builder();
		skillFiles.forEach((path, content) -> jar.add("META-INF/skills/kit/" + path, content));
		otherFiles.forEach((path, content) -> jar.add("META-INF/skills/other/" + path, content));
		Path file = jar.write(this.root.resolve("skills.jar"));
		this.classLoader = classLoader(file);
		SkillsRegistry registry = new SkillsRegistry(config, new PathMatchingResourcePatternResolver(this.classLoader));
		registry.discover(List.of("classpath*:META-INF/skills/"));
		return registry;
	}

	static URLClassLoader classLoader(Path... jars) {
		URL[] urls = new URL[jars.length];
		try {
			for (int i = 0; i < jars.length; i++) {
				urls[i] = jars[i].toUri().toURL();
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		// The platform loader as parent: only the jars of the test are on this class
		// path.
		return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
	}

	@AfterEach
	void closeClassLoader() throws IOException {
		this.classLoader.close();
	}

	@Test
	void skillInAJarIsReadFromTheJar() {
		assertThat(registry().get("kit").orElseThrow().location()).startsWith("jar:file:")
			.endsWith("skills.jar!/META-INF/skills/kit/SKILL.md");
		assertThat(registry().snapshot().load("kit").instructions()).isEqualTo("Use the files.");
	}

}
