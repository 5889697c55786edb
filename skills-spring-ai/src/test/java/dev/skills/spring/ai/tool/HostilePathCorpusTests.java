package dev.skills.spring.ai.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import dev.skills.core.Preemptively;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hostile path corpus ({@code hostile-paths.jsonl}: one JSON string per line, as a
 * model would send it) through the real {@code read_skill_resource} callback, for a skill
 * in a folder (with links, hidden files and a FIFO) and a skill in a jar (with entries
 * that climb out). No answer shows a secret, a server path or a stack trace, and every
 * answer comes within seconds; swapping a file for a link while it is read changes
 * nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostilePathCorpusTests {

	private static final List<String> SECRETS = List.of("OUTSIDE-SECRET", "hidden-env", "hidden-secret",
			"hidden-config", "other-secret", "cache-secret");

	private Path root;

	private SkillsRegistry folderRegistry;

	private SkillsRegistry jarRegistry;

	private URLClassLoader classLoader;

	private final Map<String, ToolCallback> tools = new LinkedHashMap<>();

	@BeforeAll
	void createSkills(@TempDir Path root) throws Exception {
		this.root = root;
		Path kit = this.root.resolve("skills/kit");
		Map<String, String> files = kitFiles();
		files.forEach((path, text) -> write(kit.resolve(path), text));
		write(this.root.resolve("skills/other/SKILL.md"), skillMd("other"));
		write(this.root.resolve("skills/other/secret.txt"), "other-secret");
		write(this.root.resolve("outside/secret.txt"), "OUTSIDE-SECRET");
		Path links = Files.createDirectories(kit.resolve("links"));
		Files.createSymbolicLink(links.resolve("h"), Path.of("../.secret"));
		Files.createSymbolicLink(links.resolve("g"), Path.of("../.git"));
		Files.createSymbolicLink(links.resolve("out"), this.root.resolve("outside/secret.txt"));
		Files.createSymbolicLink(links.resolve("outdir"), this.root.resolve("outside"));
		Files.createSymbolicLink(links.resolve("loop"), Path.of("loop"));
		Files.createSymbolicLink(links.resolve("selfloop"), Path.of("selfloop"));
		Files.createSymbolicLink(links.resolve("dangling"), Path.of("../missing.txt"));
		Files.createSymbolicLink(links.resolve("ok"), Path.of("../notes.txt"));
		Files.createSymbolicLink(links.resolve("pipe"), Path.of("../pipe"));
		Process mkfifo = new ProcessBuilder("mkfifo", kit.resolve("pipe").toString()).inheritIO().start();
		assertThat(mkfifo.waitFor()).isZero();
		this.folderRegistry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(this.root.resolve("skills").toString()).build());

		Map<String, String> entries = new LinkedHashMap<>();
		files.forEach((path, text) -> entries.put("META-INF/skills/kit/" + path, text));
		entries.put("META-INF/skills/kit/../../../escape.txt", "OUTSIDE-SECRET");
		entries.put("META-INF/skills/kit/..\\..\\escape.txt", "OUTSIDE-SECRET");
		entries.put("META-INF/skills/other/SKILL.md", skillMd("other"));
		entries.put("META-INF/skills/other/secret.txt", "other-secret");
		this.classLoader = new URLClassLoader(new URL[] { jar(entries).toUri().toURL() },
				ClassLoader.getPlatformClassLoader());
		this.jarRegistry = new SkillsRegistry(SkillConfig.builder().build(),
				new PathMatchingResourcePatternResolver(this.classLoader));
		this.jarRegistry.discover(List.of("classpath*:META-INF/skills/"));

		this.tools.put("folder", readTool(this.folderRegistry));
		this.tools.put("jar", readTool(this.jarRegistry));
	}

	@AfterAll
	void close() throws IOException {
		this.folderRegistry.close();
		this.jarRegistry.close();
		this.classLoader.close();
	}

	static Map<String, String> kitFiles() {
		Map<String, String> files = new LinkedHashMap<>();
		files.put("SKILL.md", skillMd("kit"));
		files.put("notes.txt", "notes");
		files.put("references/guide.md", "guide");
		files.put(".env", "hidden-env");
		files.put(".secret", "hidden-secret");
		files.put(".git/config", "hidden-config");
		files.put("references/.hidden", "hidden-secret");
		files.put("node_modules/x/index.js", "cache-secret");
		files.put("__pycache__/x.pyc", "cache-secret");
		files.put("a#b.txt", "hash");
		files.put("pct%41.txt", "percent");
		files.put("sp ace.txt", "space");
		files.put("caf\u00e9.txt", "accent");
		return files;
	}

	Stream<Arguments> corpus() throws IOException {
		List<String> lines = new ArrayList<>();
		try (InputStream in = getClass().getResourceAsStream("/hostile-paths.jsonl")) {
			new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
				.filter((line) -> !line.isBlank())
				.forEach(lines::add);
		}
		assertThat(lines).hasSizeGreaterThanOrEqualTo(100);
		return Stream.of("folder", "jar").flatMap((kind) -> lines.stream().map((line) -> Arguments.of(kind, line)));
	}

	@ParameterizedTest(name = "{0}: {1}")
	@MethodSource("corpus")
	void aHostilePathGetsAShortAnswerThatShowsNothingOutsideTheSkill(String kind, String jsonPath) {
		String arguments = "{\"skill_name\":\"kit\",\"path\":" + jsonPath + "}";

		String answer = Preemptively.within(Duration.ofSeconds(5), () -> this.tools.get(kind).call(arguments));

		assertSafe(answer);
	}

	@Test
	void swappingAFileForAnOutsideLinkWhileTheToolReadsItLeaksNothing() throws Exception {
		Path kit = this.root.resolve("skills/kit");
		Path regular = write(this.root.resolve("regular.tmp"), "inside");
		int reads = race(() -> {
			Files.copy(regular, this.root.resolve("next.tmp"), StandardCopyOption.REPLACE_EXISTING);
			Files.move(this.root.resolve("next.tmp"), kit.resolve("swap.txt"), StandardCopyOption.ATOMIC_MOVE);
			Files.deleteIfExists(this.root.resolve("link.tmp"));
			Files.createSymbolicLink(this.root.resolve("link.tmp"), this.root.resolve("outside/secret.txt"));
			Files.move(this.root.resolve("link.tmp"), kit.resolve("swap.txt"), StandardCopyOption.ATOMIC_MOVE);
		}, "swap.txt");

		assertThat(reads).isPositive();
	}

	@Test
	void swappingALinkBetweenAVisibleAndAHiddenTargetWhileTheToolReadsItLeaksNothing() throws Exception {
		Path kit = this.root.resolve("skills/kit");
		int reads = race(() -> {
			for (String target : List.of("../notes.txt", "../.secret")) {
				Files.deleteIfExists(this.root.resolve("hidden.tmp"));
				Files.createSymbolicLink(this.root.resolve("hidden.tmp"), Path.of(target));
				Files.move(this.root.resolve("hidden.tmp"), kit.resolve("links/swap"), StandardCopyOption.ATOMIC_MOVE);
			}
		}, "links/swap");

		assertThat(reads).isPositive();
	}

	// Runs the swap in a loop on another thread while the tool reads the path for two
	// seconds.
	private int race(Swap swap, String path) throws Exception {
		AtomicBoolean stop = new AtomicBoolean();
		AtomicInteger swaps = new AtomicInteger();
		Thread swapper = new Thread(() -> {
			while (!stop.get()) {
				try {
					swap.run();
					swaps.incrementAndGet();
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
		});
		swapper.start();
		int reads = 0;
		try {
			long end = System.nanoTime() + Duration.ofSeconds(2).toNanos();
			while (System.nanoTime() < end) {
				assertSafe(this.tools.get("folder").call("{\"skill_name\":\"kit\",\"path\":\"" + path + "\"}"));
				reads++;
			}
		}
		finally {
			stop.set(true);
			swapper.join(5_000);
		}
		assertThat(swaps.get()).isPositive();
		return reads;
	}

	private void assertSafe(String answer) {
		assertThat(answer).hasSizeLessThan(2_000)
			.doesNotContain(this.root.toString())
			.doesNotContain("Exception")
			.doesNotContain("\tat ")
			.doesNotContain("\u001B");
		for (String secret : SECRETS) {
			assertThat(answer).doesNotContain(secret);
		}
	}

	private static ToolCallback readTool(SkillsRegistry registry) {
		return SkillsTools.builder(registry).build().toolSet(registry.snapshot(), null).read();
	}

	private static String skillMd(String name) {
		return "---\nname: " + name + "\ndescription: The " + name + " skill.\n---\nUse it.\n";
	}

	private static Path write(Path file, String text) {
		try {
			Files.createDirectories(file.getParent());
			return Files.writeString(file, text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private Path jar(Map<String, String> entries) throws IOException {
		Path jar = this.root.resolve("skills.jar");
		try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out)) {
			for (String directory : List.of("META-INF/", "META-INF/skills/", "META-INF/skills/kit/",
					"META-INF/skills/other/")) {
				jarOut.putNextEntry(new JarEntry(directory));
				jarOut.closeEntry();
			}
			for (Map.Entry<String, String> entry : entries.entrySet()) {
				jarOut.putNextEntry(new JarEntry(entry.getKey()));
				jarOut.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
				jarOut.closeEntry();
			}
		}
		return jar;
	}

	private interface Swap {

		void run() throws IOException;

	}

}
