package dev.skills.core.registry;

import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static dev.skills.test.SkillFixtures.skillMd;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Skills inside jars on the class path, found through {@code classpath*:} locations.
 */
class ClasspathSkillsRegistryTests {

	private static final String LOCATION = "classpath*:META-INF/skills/";

	@TempDir
	Path root;

	private URLClassLoader classLoader;

	@AfterEach
	void closeClassLoader() throws Exception {
		if (this.classLoader != null) {
			this.classLoader.close();
		}
	}

	private SkillsRegistry registryOn(List<String> locations, Path... classPath) {
		this.classLoader = JarSkillsRegistryReadFileTests.classLoader(classPath);
		SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build(),
				new PathMatchingResourcePatternResolver(this.classLoader));
		registry.discover(locations);
		return registry;
	}

	private Path jar(String name, TestJars content) {
		return content.write(this.root.resolve(name));
	}

	private static TestJars skill(TestJars jar, String folder, String name, String description) {
		return jar.add("META-INF/skills/" + folder + "/SKILL.md", skillMd(name, description, "Body of " + name + "."));
	}

	@Test
	void jarsSharingAFolderBothLoad() {
		Path first = jar("first.jar", skill(TestJars.builder(), "alpha", "alpha", "From the first jar.")
			.add("META-INF/skills/alpha/references/guide.md", "# Alpha guide\n"));
		Path second = jar("second.jar", skill(TestJars.builder(), "beta", "beta", "From the second jar.")
			.add("META-INF/skills/beta/scripts/run.sh", "echo beta\n"));

		SkillsRegistry registry = registryOn(List.of(LOCATION), first, second);

		assertThat(registry.names()).containsExactly("alpha", "beta");
		assertThat(registry.diagnostics()).isEmpty();
		assertThat(registry.snapshot().readFile("alpha", "references/guide.md", 1_000)).isEqualTo("# Alpha guide\n");
		assertThat(registry.snapshot().readFile("beta", "scripts/run.sh", 1_000)).isEqualTo("echo beta\n");
		assertThat(registry.snapshot().load("alpha").files()).containsExactly("references/guide.md");
		assertThat(registry.snapshot().load("beta").instructions()).isEqualTo("Body of beta.");
		assertThat(registry.get("beta").orElseThrow().baseDirectory()).endsWith("second.jar!/META-INF/skills/beta/");
	}

	@Test
	void firstJarOnClassPathWins() {
		Path first = jar("first.jar", skill(TestJars.builder(), "shared", "shared", "From the first jar.")
			.add("META-INF/skills/shared/notes.txt", "first notes\n"));
		Path second = jar("second.jar", skill(TestJars.builder(), "shared", "shared", "From the second jar.")
			.add("META-INF/skills/shared/notes.txt", "second notes\n"));

		SkillsRegistry registry = registryOn(List.of(LOCATION), first, second);

		SkillMeta winner = registry.get("shared").orElseThrow();
		assertThat(winner.description()).isEqualTo("From the first jar.");
		assertThat(registry.snapshot().readFile("shared", "notes.txt", 1_000)).isEqualTo("first notes\n");
		String loserLocation = "jar:file:" + second + "!/META-INF/skills/shared/SKILL.md";
		assertThat(registry.diagnostics()).containsExactly(
				SkillDiagnostic.warning(loserLocation, "shared", "Skill 'shared' is shadowed by " + winner.location()));
		assertThat(winner.location()).isEqualTo("jar:file:" + first + "!/META-INF/skills/shared/SKILL.md");
	}

	@Test
	void swappedJarsSwapTheWinner() {
		Path first = jar("first.jar", skill(TestJars.builder(), "shared", "shared", "From the first jar."));
		Path second = jar("second.jar", skill(TestJars.builder(), "shared", "shared", "From the second jar."));

		SkillsRegistry registry = registryOn(List.of(LOCATION), second, first);

		assertThat(registry.get("shared")).get().extracting(SkillMeta::description).isEqualTo("From the second jar.");
	}

	@Test
	void earlierFolderBeatsClassPath() {
		Path jar = jar("skills.jar", skill(TestJars.builder(), "shared", "shared", "From the jar."));
		Path folder = this.root.resolve("folder");
		SkillFixtures.rawSkill(folder, "shared", SkillFixtures.skillMd("shared", "From the folder.", "folder body"));

		SkillsRegistry folderFirst = registryOn(List.of(folder.toString(), LOCATION), jar);
		assertThat(folderFirst.get("shared")).get().extracting(SkillMeta::description).isEqualTo("From the folder.");
		assertThat(folderFirst.diagnostics()).singleElement()
			.extracting(SkillDiagnostic::message)
			.isEqualTo("Skill 'shared' is shadowed by " + folder.resolve("shared/SKILL.md"));

		SkillsRegistry jarFirst = registryOn(List.of(LOCATION, folder.toString()), jar);
		assertThat(jarFirst.get("shared")).get().extracting(SkillMeta::description).isEqualTo("From the jar.");
	}

	@Test
	void emptyClassPathMatchIsNoSkills() {
		Path jar = jar("skills.jar", skill(TestJars.builder(), "alpha", "alpha", "Alpha."));

		SkillsRegistry registry = registryOn(List.of("classpath*:META-INF/nothing-here/"), jar);

		assertThat(registry.names()).isEmpty();
	}

	@Test
	void locationWithoutTrailingSlashWorks() {
		Path jar = jar("skills.jar", skill(TestJars.builder(), "alpha", "alpha", "Alpha."));

		SkillsRegistry registry = registryOn(List.of("classpath*:META-INF/skills"), jar);

		assertThat(registry.names()).containsExactly("alpha");
	}

	@Test
	void jarSkipsHiddenAndTooDeepSkills() {
		TestJars content = TestJars.builder();
		skill(content, "visible", "visible", "Visible.");
		skill(content, "1/2/3/4/5/deep", "deep", "Six levels down.");
		skill(content, "1/2/3/4/5/6/too-deep", "too-deep", "Seven levels down.");
		skill(content, ".hidden/secret", "secret", "Hidden.");
		skill(content, "node_modules/module", "module", "In node_modules.");
		skill(content, "__pycache__/cached", "cached", "In __pycache__.");
		skill(content, "visible/references/inner", "inner", "Inside another skill.");

		SkillsRegistry registry = registryOn(List.of(LOCATION), jar("skills.jar", content));

		assertThat(registry.names()).containsExactly("deep", "visible");
		assertThat(registry.snapshot().readFile("visible", "references/inner/SKILL.md", 1_000)).contains("name: inner");
	}

	@Test
	void jarLowerCaseWarnsAndSkillMdWins() {
		TestJars content = TestJars.builder()
			.add("META-INF/skills/lower/skill.md", skillMd("lower", "Lower case.", "lower body"))
			.add("META-INF/skills/both/SKILL.md", skillMd("both", "Upper case.", "upper body"))
			.add("META-INF/skills/both/skill.md", skillMd("both", "Lower case.", "lower body"));

		SkillsRegistry registry = registryOn(List.of(LOCATION), jar("skills.jar", content));

		assertThat(registry.names()).containsExactly("both", "lower");
		assertThat(registry.get("both")).get().extracting(SkillMeta::description).isEqualTo("Upper case.");
		assertThat(registry.diagnostics()).singleElement()
			.extracting(SkillDiagnostic::message)
			.isEqualTo("Found skill.md; the file should be named SKILL.md");
	}

	@Test
	void classesFolderIsReadAsFolder() {
		Path classes = this.root.resolve("classes");
		SkillFixtures.rawSkill(classes.resolve("META-INF/skills"), "local",
				SkillFixtures.skillMd("local", "From a classes folder.", "local body"));
		SkillFixtures.write(classes.resolve("META-INF/skills/local/notes.txt"), "local notes\n");
		Path jar = jar("skills.jar", skill(TestJars.builder(), "packed", "packed", "From a jar."));

		SkillsRegistry registry = registryOn(List.of(LOCATION), classes, jar);

		assertThat(registry.names()).containsExactly("local", "packed");
		assertThat(registry.get("local").orElseThrow().location())
			.isEqualTo(classes.resolve("META-INF/skills/local/SKILL.md").toString());
		assertThat(registry.snapshot().readFile("local", "notes.txt", 1_000)).isEqualTo("local notes\n");
		assertThat(registry.snapshot().load("local").instructions()).isEqualTo("local body");
	}

	@Test
	void rescanKeepsUnchangedJarEntries() {
		Path jar = jar("skills.jar", skill(TestJars.builder(), "alpha", "alpha", "Alpha."));
		SkillsRegistry registry = registryOn(List.of(LOCATION), jar);
		SkillMeta before = registry.get("alpha").orElseThrow();

		SkillsChange change = registry.reload();

		assertThat(change.isEmpty()).isTrue();
		assertThat(registry.get("alpha").orElseThrow()).isSameAs(before);
	}

}
