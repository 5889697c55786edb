package dev.skills.sample;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code java} block of the README and of the guides in {@code docs/} compiles as
 * written, imports included, against the libraries an application using the starter (and,
 * for the testing guide, skills-test) has.
 */
class ReadmeSnippetsTests {

	private static final Path README = Path.of("../README.md");

	private static final Path DOCS = Path.of("../docs");

	private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

	private static final Pattern TYPE_NAME = Pattern
		.compile("(?m)^(?:public |final |abstract )*(?:class|record|interface) (\\w+)");

	@TempDir
	Path work;

	@Test
	void everyJavaSnippetInTheReadmeCompiles() throws IOException {
		List<Path> sources = write(README);
		// The quick start's application class, at least.
		assertThat(sources).anySatisfy((source) -> assertThat(source).content().contains("@SpringBootApplication"));
		compile(sources);
	}

	@Test
	void everyJavaSnippetInTheDocsCompiles() throws IOException {
		List<Path> sources = new ArrayList<>();
		try (Stream<Path> docs = Files.list(DOCS)) {
			for (Path doc : docs.filter((path) -> path.toString().endsWith(".md")).sorted().toList()) {
				sources.addAll(write(doc));
			}
		}
		// api.md (3), registry.md, operations.md and testing.md (2) hold them today.
		assertThat(sources).hasSizeGreaterThanOrEqualTo(7);
		compile(sources);
	}

	private List<Path> write(Path document) throws IOException {
		List<Path> sources = new ArrayList<>();
		Matcher block = JAVA_BLOCK.matcher(Files.readString(document, StandardCharsets.UTF_8));
		while (block.find()) {
			String code = block.group(1);
			Matcher type = TYPE_NAME.matcher(code);
			assertThat(type.find()).as("a snippet of %s declares a class:\n%s", document, code).isTrue();
			// One folder per snippet: two snippets may use the same class name.
			Path source = Files.createTempDirectory(this.work, "snippet").resolve(type.group(1) + ".java");
			Files.writeString(source, code, StandardCharsets.UTF_8);
			sources.add(source);
		}
		return sources;
	}

	private void compile(List<Path> sources) throws IOException {
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
		try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT,
				StandardCharsets.UTF_8)) {
			for (Path source : sources) {
				Path classes = Files.createDirectories(source.getParent().resolve("classes"));
				List<String> options = List.of("-classpath", System.getProperty("java.class.path"), "-d",
						classes.toString(), "-proc:none", "-Xlint:none");
				boolean compiled = compiler
					.getTask(new StringWriter(), files, diagnostics, options, null, files.getJavaFileObjects(source))
					.call();
				assertThat(compiled)
					.as("%s:\n%s\n%s", source.getFileName(), Files.readString(source), diagnostics.getDiagnostics())
					.isTrue();
			}
		}
	}

}
