package dev.skills.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code skills-bom} versions every published module of the reactor at the reactor's
 * version, and every Maven snippet of the README and the guides that names one of those
 * modules imports the BOM rather than giving a version (or none, and Maven stops).
 */
class BomTests {

	private static final Path ROOT = Path.of("..");

	private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

	private static final Pattern XML_BLOCK = Pattern.compile("```xml\\n(.*?)```", Pattern.DOTALL);

	private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);

	@Test
	void bomManagesEveryPublishedModule() throws IOException {
		List<String> published = new ArrayList<>();
		for (String module : matches(MODULE, read(ROOT.resolve("pom.xml")))) {
			String pom = read(ROOT.resolve(module).resolve("pom.xml"));
			if (!module.equals("skills-bom") && !pom.contains("<maven.deploy.skip>true</maven.deploy.skip>")) {
				published.add(module);
			}
		}
		String bom = read(ROOT.resolve("skills-bom/pom.xml"));

		assertThat(published).contains("skills-core", "skills-spring-boot-starter");
		assertThat(managed(bom)).containsExactlyInAnyOrderElementsOf(published);
		assertThat(bom).contains("<version>" + reactorVersion() + "</version>").doesNotContain("<parent>");
	}

	@Test
	void everyDocSnippetImportsTheBom() throws IOException {
		List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md")));
		try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
			docs.filter((path) -> path.toString().endsWith(".md")).sorted().forEach(documents::add);
		}
		int snippets = 0;
		for (Path document : documents) {
			for (String snippet : matches(XML_BLOCK, read(document))) {
				List<String> ours = matches(DEPENDENCY, snippet).stream()
					.filter((dependency) -> dependency.contains("<groupId>dev.skills</groupId>"))
					.filter((dependency) -> !dependency.contains("<artifactId>skills-bom</artifactId>"))
					.toList();
				if (!ours.isEmpty()) {
					snippets++;
					assertThat(snippet).as("a snippet of %s", document)
						.contains("<artifactId>skills-bom</artifactId>")
						.contains("<scope>import</scope>");
					assertThat(ours).as("a snippet of %s", document)
						.allSatisfy((dependency) -> assertThat(dependency).doesNotContain("<version>"));
				}
			}
		}
		// The README's quick start and the guides of skills-mcp, skills-sources,
		// skills-jdbc and
		// skills-test, at least.
		assertThat(snippets).isGreaterThanOrEqualTo(5);
	}

	private static List<String> managed(String bom) {
		Pattern artifact = Pattern.compile("<groupId>dev.skills</groupId>\\s*<artifactId>([^<]+)</artifactId>");
		return matches(DEPENDENCY, bom).stream()
			.flatMap((dependency) -> matches(artifact, dependency).stream())
			.toList();
	}

	private static String reactorVersion() throws IOException {
		Matcher version = Pattern.compile("<artifactId>skills-parent</artifactId>\\s*<version>([^<]+)</version>")
			.matcher(read(ROOT.resolve("pom.xml")));
		assertThat(version.find()).isTrue();
		return version.group(1);
	}

	private static List<String> matches(Pattern pattern, String text) {
		List<String> found = new ArrayList<>();
		Matcher matcher = pattern.matcher(text);
		while (matcher.find()) {
			found.add(matcher.group(1));
		}
		return found;
	}

	private static String read(Path file) throws IOException {
		return Files.readString(file, StandardCharsets.UTF_8);
	}

}
