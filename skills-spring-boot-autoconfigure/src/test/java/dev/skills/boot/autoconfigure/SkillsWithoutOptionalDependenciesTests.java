package dev.skills.boot.autoconfigure;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The auto-configuration is on the class path of applications that have no actuator, no
 * health module, no Micrometer and no Spring AI auto-configuration: it must start there,
 * with the skills and nothing else. FilteredClassLoader hides classes from conditions
 * only; this starts a real application in a class loader where those jars are really
 * missing.
 */
class SkillsWithoutOptionalDependenciesTests {

	@TempDir
	Path dir;

	@Test
	void startsWithoutActuatorOrMicrometer() throws Exception {
		Map<String, String> context = describe(List.of("spring-boot-health", "spring-boot-actuator",
				"spring-boot-starter-actuator", "spring-boot-micrometer", "spring-boot-starter-micrometer",
				"micrometer-core", "micrometer-jakarta9", "spring-ai-autoconfigure", "spring-ai-starter",
				"spring-ai-openai", "openai-java"), (loader) -> {
					assertThatExceptionOfType(ClassNotFoundException.class).isThrownBy(
							() -> loader.loadClass("org.springframework.boot.health.contributor.HealthIndicator"));
					assertThatExceptionOfType(ClassNotFoundException.class)
						.isThrownBy(() -> loader.loadClass("io.micrometer.core.instrument.MeterRegistry"));
				});

		assertThat(context).containsEntry("skills", "[pdf-processing]")
			.containsEntry("skillsAdvisor", "true")
			.containsEntry("skillsToolCallbackProvider", "true")
			.containsEntry("skillsHealthIndicator", "false")
			.containsEntry("skillsEndpoint", "false")
			.containsEntry("activeSkillsEndpoint", "false")
			.containsEntry("skillsMetrics", "false");
	}

	// The health indicator reads the fail-safe store's outage when skills-jdbc is there.
	@Test
	void healthIsUpWithoutSkillsJdbc() throws Exception {
		Map<String, String> context = describe(
				List.of("skills-jdbc", "skills-sources", "skills-mcp", "spring-ai-autoconfigure", "spring-ai-starter",
						"spring-ai-openai", "openai-java"),
				(loader) -> assertThatExceptionOfType(ClassNotFoundException.class)
					.isThrownBy(() -> loader.loadClass("dev.skills.jdbc.FailSafeActiveSkillsRepository")));

		assertThat(context).containsEntry("skills", "[pdf-processing]")
			.containsEntry("skillsHealthIndicator", "true")
			.containsEntry("skillsHealth", "UP")
			.containsEntry("skillsEndpoint", "true");
	}

	// An application that only serves skills over MCP gets neither skills-sources nor
	// JGit nor Commons Compress (skills-mcp declares them optional).
	@Test
	void servesOverMcpWithoutSkillsSources() throws Exception {
		Map<String, String> context = describe(List.of("skills-sources", "org.eclipse.jgit", "commons-compress"),
				(loader) -> assertThatExceptionOfType(ClassNotFoundException.class)
					.isThrownBy(() -> loader.loadClass("org.eclipse.jgit.api.Git")),
				"SERVLET");

		assertThat(context).containsEntry("skills", "[pdf-processing]").containsEntry("mcpSkillsPublisher", "true");
	}

	// Starts MinimalApplication in a class loader without the jars whose names start
	// with one of the given prefixes.
	private Map<String, String> describe(List<String> missing, Consumer<ClassLoader> check) throws Exception {
		return describe(missing, check, "NONE");
	}

	private Map<String, String> describe(List<String> missing, Consumer<ClassLoader> check, String web)
			throws Exception {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		List<URL> urls = new ArrayList<>();
		List<String> left = new ArrayList<>();
		for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
			Path path = Path.of(entry).toAbsolutePath();
			String name = path.getFileName().toString();
			// A module of this build may be its classes folder: target/classes.
			String module = (path.getNameCount() > 2) ? path.getParent().getParent().getFileName().toString() : "";
			if (missing.stream().anyMatch((prefix) -> name.startsWith(prefix) || module.equals(prefix))) {
				left.add(name);
			}
			else {
				urls.add(Path.of(entry).toUri().toURL());
			}
		}
		assertThat(left).as("jars left out").isNotEmpty();
		// DriverManager loads the JVM's drivers once, from the context class loader of
		// its
		// first use: let that be this one, not the application's below, or the JDBC tests
		// that run later in this JVM find no driver.
		DriverManager.getDrivers();
		ClassLoader previous = Thread.currentThread().getContextClassLoader();
		try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new),
				ClassLoader.getPlatformClassLoader())) {
			check.accept(loader);
			Thread.currentThread().setContextClassLoader(loader);
			Class<?> webType = loader.loadClass("org.springframework.boot.WebApplicationType");
			Object webValue = Arrays.stream(webType.getEnumConstants())
				.filter((constant) -> ((Enum<?>) constant).name().equals(web))
				.findFirst()
				.orElseThrow();
			Method describe = loader.loadClass("dev.skills.boot.minimal.MinimalApplication")
				.getMethod("describe", String.class, webType);
			@SuppressWarnings("unchecked")
			Map<String, String> context = (Map<String, String>) describe.invoke(null, this.dir.toString(), webValue);
			return context;
		}
		finally {
			Thread.currentThread().setContextClassLoader(previous);
		}
	}

}
