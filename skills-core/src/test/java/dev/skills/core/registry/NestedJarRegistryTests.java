package dev.skills.core.registry;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.skills.core.registry.it.NestedJarApp;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import org.springframework.boot.loader.tools.Library;
import org.springframework.boot.loader.tools.LibraryScope;
import org.springframework.boot.loader.tools.Repackager;
import org.springframework.core.io.Resource;

import static dev.skills.test.SkillFixtures.skillMd;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Skills inside a Spring Boot executable jar: one in a library jar nested under
 * {@code BOOT-INF/lib}, one in the application's own {@code BOOT-INF/classes}. The jar is
 * built with Boot's {@link Repackager} and run as a separate process with
 * {@code java -jar}.
 */
class NestedJarRegistryTests {

	@TempDir
	Path root;

	@Test
	void executableJarReadsNestedSkills() throws Exception {
		Path libraryJar = TestJars.builder()
			.add("META-INF/skills/lib-skill/SKILL.md",
					skillMd("lib-skill", "From a nested library jar.", "Library body."))
			.add("META-INF/skills/lib-skill/references/guide.md", "# Library guide\nStep 1.\n")
			.write(this.root.resolve("lib/skills-lib.jar"));
		Path appJar = TestJars.builder()
			.add(classFile(NestedJarApp.class), classBytes(NestedJarApp.class))
			// Written by the build from src/main/resources: the repackager leaves
			// META-INF/ at the jar's root.
			.add("META-INF/skills/app-skill/SKILL.md", skillMd("app-skill", "From the application jar.", "App body."))
			.add("META-INF/skills/app-skill/assets/template.txt", "Dear {name},\n")
			// Already in the application's classes folder of the executable layout.
			.add("BOOT-INF/classes/META-INF/skills/classes-skill/SKILL.md",
					skillMd("classes-skill", "From BOOT-INF/classes.", "Classes body."))
			.add("BOOT-INF/classes/META-INF/skills/classes-skill/notes.txt", "classes notes\n")
			.write(this.root.resolve("app.jar"));

		List<Path> runtime = new ArrayList<>();
		runtime.add(libraryJar);
		runtime.add(coreJar());
		runtime.add(jarOf(Yaml.class));
		runtime.add(jarOf(Resource.class));
		runtime.add(jarOf(org.apache.commons.logging.LogFactory.class));
		runtime.add(jarOf(Nullable.class));
		Repackager repackager = new Repackager(appJar.toFile());
		repackager.setBackupSource(false);
		repackager.setIncludeRelevantJarModeJars(false);
		repackager.setMainClass(NestedJarApp.class.getName());
		repackager.repackage((callback) -> {
			for (Path jar : runtime) {
				callback.library(new Library(jar.toFile(), LibraryScope.RUNTIME));
			}
		});

		Result result = run(appJar, "lib-skill/references/guide.md", "classes-skill/notes.txt",
				"app-skill/assets/template.txt");

		assertThat(result.exitCode()).as(result.output()).isZero();
		assertThat(result.lines()).as(result.output())
			.contains("names=app-skill,classes-skill,lib-skill", "diagnostics=[]", "body[lib-skill]=Library body.",
					"body[classes-skill]=Classes body.", "body[app-skill]=App body.",
					"files[lib-skill]=[references/guide.md]", "files[classes-skill]=[notes.txt]",
					"files[app-skill]=[assets/template.txt]",
					"file[lib-skill/references/guide.md]=# Library guide\\nStep 1.\\n",
					"file[classes-skill/notes.txt]=classes notes\\n",
					"file[app-skill/assets/template.txt]=Dear {name},\\n",
					"location[lib-skill]=jar:nested:" + appJar
							+ "/!BOOT-INF/lib/skills-lib.jar!/META-INF/skills/lib-skill/SKILL.md",
					"location[classes-skill]=jar:nested:" + appJar
							+ "/!BOOT-INF/classes/!/META-INF/skills/classes-skill/SKILL.md",
					"location[app-skill]=jar:file:" + appJar + "!/META-INF/skills/app-skill/SKILL.md");
	}

	private Result run(Path jar, String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-jar");
		command.add(jar.toString());
		command.addAll(List.of(args));
		Path log = this.root.resolve("output.txt");
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new AssertionError("java -jar did not finish within 60 s:\n" + Files.readString(log));
		}
		String output = Files.readString(log, StandardCharsets.UTF_8);
		return new Result(process.exitValue(), output, output.lines().toList());
	}

	// The compiled main classes of skills-core as a jar (they are a folder when run by
	// Maven).
	private Path coreJar() throws IOException, URISyntaxException {
		Path classes = Path.of(SkillsRegistry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		if (Files.isRegularFile(classes)) {
			return classes;
		}
		return TestJars.builder().addTree(classes, "").write(this.root.resolve("lib/skills-core.jar"));
	}

	private static Path jarOf(Class<?> type) throws URISyntaxException {
		Path jar = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
		assertThat(jar).isRegularFile();
		return jar;
	}

	private static String classFile(Class<?> type) {
		return type.getName().replace('.', '/') + ".class";
	}

	private static byte[] classBytes(Class<?> type) throws IOException {
		try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
			return in.readAllBytes();
		}
	}

	private record Result(int exitCode, String output, List<String> lines) {
	}

}
