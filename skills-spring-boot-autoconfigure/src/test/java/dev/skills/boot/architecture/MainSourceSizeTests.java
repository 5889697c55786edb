package dev.skills.boot.architecture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No main source file of a {@code skills-*} module is longer than {@value #MAX_LINES}
 * lines: a longer one holds more than one concern.
 */
class MainSourceSizeTests {

	private static final int MAX_LINES = 300;

	@Test
	void noMainSourceFileExceeds300Lines() throws IOException {
		// Tests run in this module's folder, beside the others.
		Path root = Path.of("").toAbsolutePath().getParent();
		List<Path> sources;
		try (Stream<Path> modules = Files.list(root)) {
			sources = modules.filter((module) -> module.getFileName().toString().startsWith("skills-"))
				.map((module) -> module.resolve("src/main/java"))
				.filter(Files::isDirectory)
				.toList();
		}
		assertThat(sources).extracting((folder) -> root.relativize(folder).getName(0).toString())
			.contains("skills-core", "skills-spring-ai", "skills-jdbc", "skills-sources", "skills-mcp",
					"skills-spring-boot-autoconfigure");
		Map<String, Integer> tooLong = new TreeMap<>();
		for (Path folder : sources) {
			try (Stream<Path> files = Files.walk(folder)) {
				for (Path file : files.filter((path) -> path.toString().endsWith(".java")).toList()) {
					int lines = Files.readAllLines(file).size();
					if (lines > MAX_LINES) {
						tooLong.put(root.relativize(file).toString(), lines);
					}
				}
			}
		}
		assertThat(tooLong).as("main source files of more than %d lines", MAX_LINES).isEmpty();
	}

}
