package dev.skills.core;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * skills-core's public API is small: the implementation lives in
 * {@code dev.skills.core.internal}.
 */
class PublicApiTests {

	@Test
	void atMost20PublicTypesOutsideInternal() throws IOException, URISyntaxException {
		Path classes = Path.of(Skill.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		List<String> publicTypes;
		try (Stream<Path> files = Files.walk(classes)) {
			publicTypes = files.map((file) -> classes.relativize(file).toString().replace('/', '.'))
				.filter((name) -> name.endsWith(".class") && !name.contains("$") && !name.contains("package-info"))
				.map((name) -> name.substring(0, name.length() - ".class".length()))
				.filter((name) -> name.startsWith("dev.skills.core.") && !name.startsWith("dev.skills.core.internal."))
				.filter(PublicApiTests::isPublic)
				.sorted()
				.toList();
		}
		assertThat(publicTypes).hasSizeBetween(1, 20).contains("dev.skills.core.registry.SkillsRegistry");
	}

	private static boolean isPublic(String className) {
		try {
			return Modifier.isPublic(Class.forName(className).getModifiers());
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
