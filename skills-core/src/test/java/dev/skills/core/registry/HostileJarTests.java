package dev.skills.core.registry;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static dev.skills.core.registry.SkillFixtures.skillMd;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jar entries are names, not URLs: odd characters are kept, and a name that climbs out of
 * its skill folder costs nothing but that entry.
 */
class HostileJarTests {

	@TempDir
	Path root;

	private URLClassLoader classLoader;

	private SkillsRegistry registry(TestJars jar) {
		this.classLoader = JarSkillsRegistryReadFileTests.classLoader(jar.write(this.root.resolve("skills.jar")));
		SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build(),
				new PathMatchingResourcePatternResolver(this.classLoader));
		registry.discover(List.of("classpath*:META-INF/skills/"));
		return registry;
	}

	@AfterEach
	void close() throws IOException {
		this.classLoader.close();
	}

	@Test
	void whenAnEntryNameClimbsOutOfItsSkillThenTheSkillStillLoadsWithoutIt() {
		SkillsRegistry registry = registry(TestJars.builder()
			.add("META-INF/skills/a/SKILL.md", skillMd("a", "Skill a.", "Body a."))
			.add("META-INF/skills/a/ok.txt", "ok")
			.add("META-INF/skills/a/../../../x.txt", "climbs out")
			.add("META-INF/skills/a/..\\..\\y.txt", "climbs out too")
			.add("META-INF/skills/b/SKILL.md", skillMd("b", "Skill b.", "Body b.")));

		assertThat(registry.names()).containsExactly("a", "b");
		assertThat(registry.files("a")).containsExactly("ok.txt");
		assertThat(registry.load("a").body()).isEqualTo("Body a.");
		assertThat(registry.load("b").files()).isEmpty();
	}

	@Test
	void whenEntryNamesHoldUrlCharactersThenTheyAreListedAndReadAsStored() {
		SkillsRegistry registry = registry(TestJars.builder()
			.add("META-INF/skills/a/SKILL.md", skillMd("a", "Skill a.", "Body a."))
			.add("META-INF/skills/a/a#b.txt", "hash")
			.add("META-INF/skills/a/pct%41.txt", "percent")
			.add("META-INF/skills/a/sp ace.txt", "space"));

		assertThat(registry.files("a")).containsExactly("a#b.txt", "pct%41.txt", "sp ace.txt");
		assertThat(registry.readFile("a", "a#b.txt")).isEqualTo("hash");
		assertThat(registry.readFile("a", "pct%41.txt")).isEqualTo("percent");
		assertThat(registry.readFile("a", "sp ace.txt")).isEqualTo("space");
	}

}
