package dev.skills.boot.autoconfigure;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

	private static final List<String> MISSING = List.of("spring-boot-health", "spring-boot-actuator",
			"spring-boot-starter-actuator", "spring-boot-micrometer", "spring-boot-starter-micrometer",
			"micrometer-core", "micrometer-jakarta9", "spring-ai-autoconfigure", "spring-ai-starter",
			"spring-ai-openai", "openai-java");

	@TempDir
	Path dir;

	@Test
	void whenActuatorHealthAndMicrometerAreMissingThenTheApplicationStartsWithSkillsOnly() throws Exception {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		List<URL> urls = new ArrayList<>();
		List<String> left = new ArrayList<>();
		for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
			String name = Path.of(entry).getFileName().toString();
			if (MISSING.stream().anyMatch(name::startsWith)) {
				left.add(name);
			}
			else {
				urls.add(Path.of(entry).toUri().toURL());
			}
		}
		assertThat(left).as("jars left out")
			.anyMatch((n) -> n.startsWith("spring-boot-health"))
			.anyMatch((n) -> n.startsWith("micrometer-core"))
			.anyMatch((n) -> n.startsWith("spring-boot-actuator-autoconfigure"));

		ClassLoader previous = Thread.currentThread().getContextClassLoader();
		try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new),
				ClassLoader.getPlatformClassLoader())) {
			assertThatExceptionOfType(ClassNotFoundException.class)
				.isThrownBy(() -> loader.loadClass("org.springframework.boot.health.contributor.HealthIndicator"));
			assertThatExceptionOfType(ClassNotFoundException.class)
				.isThrownBy(() -> loader.loadClass("io.micrometer.core.instrument.MeterRegistry"));
			Thread.currentThread().setContextClassLoader(loader);
			Method describe = loader.loadClass("dev.skills.boot.minimal.MinimalApplication")
				.getMethod("describe", String.class);
			@SuppressWarnings("unchecked")
			Map<String, String> context = (Map<String, String>) describe.invoke(null, this.dir.toString());

			assertThat(context).containsEntry("skills", "[pdf-processing]")
				.containsEntry("skillsAdvisor", "true")
				.containsEntry("skillsToolCallbackProvider", "true")
				.containsEntry("skillsHealthIndicator", "false")
				.containsEntry("skillsEndpoint", "false")
				.containsEntry("activeSkillsEndpoint", "false")
				.containsEntry("skillsMetrics", "false");
		}
		finally {
			Thread.currentThread().setContextClassLoader(previous);
		}
	}

}
