package dev.skills.core.registry;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.files.SkillFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static dev.skills.test.SkillFixtures.skillMd;
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
	void climbingEntryIsLeftOut() {
		SkillsRegistry registry = registry(TestJars.builder()
			.add("META-INF/skills/a/SKILL.md", skillMd("a", "Skill a.", "Body a."))
			.add("META-INF/skills/a/ok.txt", "ok")
			.add("META-INF/skills/a/../../../x.txt", "climbs out")
			.add("META-INF/skills/a/..\\..\\y.txt", "climbs out too")
			.add("META-INF/skills/b/SKILL.md", skillMd("b", "Skill b.", "Body b.")));

		assertThat(registry.names()).containsExactly("a", "b");
		assertThat(registry.snapshot().files("a")).containsExactly("ok.txt");
		assertThat(registry.snapshot().load("a").instructions()).isEqualTo("Body a.");
		assertThat(registry.snapshot().load("b").files()).isEmpty();
	}

	@Test
	void urlCharactersInEntriesAreKept() {
		SkillsRegistry registry = registry(TestJars.builder()
			.add("META-INF/skills/a/SKILL.md", skillMd("a", "Skill a.", "Body a."))
			.add("META-INF/skills/a/a#b.txt", "hash")
			.add("META-INF/skills/a/pct%41.txt", "percent")
			.add("META-INF/skills/a/sp ace.txt", "space"));

		assertThat(registry.snapshot().files("a")).containsExactly("a#b.txt", "pct%41.txt", "sp ace.txt");
		assertThat(registry.snapshot().readFile("a", "a#b.txt")).isEqualTo("hash");
		assertThat(registry.snapshot().readFile("a", "pct%41.txt")).isEqualTo("percent");
		assertThat(registry.snapshot().readFile("a", "sp ace.txt")).isEqualTo("space");
	}

	@Test
	void jarListingIsCutWithAWarning() {
		TestJars jar = TestJars.builder().add("META-INF/skills/many/SKILL.md", skillMd("many", "Many files.", "Body."));
		for (int i = 0; i < SkillFiles.MAX_FILES + 5; i++) {
			jar.add("META-INF/skills/many/data/f%04d.txt".formatted(i), "file " + i);
		}
		SkillsRegistry registry = registry(jar);

		assertThat(registry.snapshot().files("many")).hasSize(SkillFiles.MAX_FILES)
			.doesNotContain("data/f%04d.txt".formatted(SkillFiles.MAX_FILES + 4));
		assertThat(registry.snapshot().readFile("many", "data/f%04d.txt".formatted(SkillFiles.MAX_FILES + 4)))
			.isEqualTo("file " + (SkillFiles.MAX_FILES + 4));
		assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message)
			.containsExactly(SkillFiles.listingCutMessage());
	}

}
