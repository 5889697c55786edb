package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.Bounds;
import dev.skills.core.SkillResourceException;
import dev.skills.core.folder.SkillFolder;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever path the model sends, a folder skill's read answers text from inside the skill
 * or a {@link SkillResourceException} with a short message, within a second, and never
 * shows what lies outside. The {@code fuzz} Maven profile runs 25,000 inputs.
 */
class PathGuardFuzzTests {

	private static Path root;

	private static final FileReads reads = new FileReads();

	private static SkillFolder skill;

	@BeforeContainer
	static void createSkill() throws IOException {
		root = Files.createTempDirectory("path-fuzz");
		Path kit = Files.createDirectories(root.resolve("skills/kit"));
		Files.writeString(kit.resolve("SKILL.md"), "---\nname: kit\ndescription: Kit.\n---\nBody.\n");
		Files.createDirectories(kit.resolve("references"));
		Files.writeString(kit.resolve("references/guide.md"), "guide\n");
		Files.writeString(kit.resolve(".env"), "SECRET=hidden\n");
		Files.writeString(root.resolve("outside.txt"), "OUTSIDE\n");
		Files.createSymbolicLink(kit.resolve("out"), root.resolve("outside.txt"));
		Files.createSymbolicLink(kit.resolve("env"), Path.of(".env"));
		Files.createSymbolicLink(kit.resolve("up"), Path.of(".."));
		skill = DiskSkillFolder.of(kit.resolve("SKILL.md"), false, reads);
	}

	@AfterContainer
	static void deleteSkill() throws IOException {
		reads.close();
		try (var files = Files.walk(root)) {
			files.sorted((a, b) -> b.compareTo(a)).forEach((file) -> file.toFile().delete());
		}
	}

	@Property
	void readAnswersInsideOrRefusesBriefly(@ForAll("paths") String path) {
		long start = System.nanoTime();
		try {
			String text = skill.read("kit", path, 1_000, skill.listFiles());
			assertThat(text).doesNotContain("OUTSIDE").doesNotContain("SECRET=hidden");
		}
		catch (SkillResourceException ex) {
			assertThat(ex.getMessage()).hasSizeLessThan(1_000)
				.doesNotContain(root.toString())
				.doesNotContain("OUTSIDE")
				.doesNotContain("SECRET=hidden");
		}
		Bounds.assertBounded(start);
	}

	@Property
	void checkedPathIsRelativeAndVisible(@ForAll("paths") String path) {
		try {
			String checked = ResourcePaths.check("kit", path);
			assertThat(checked).doesNotStartWith("/").doesNotContain("\\").doesNotContain("\0");
			for (String segment : checked.split("/")) {
				assertThat(segment).isNotEqualTo("..").doesNotStartWith(".");
			}
		}
		catch (SkillResourceException ex) {
			assertThat(ex.getMessage()).startsWith("Cannot read ");
		}
	}

	@Provide
	Arbitrary<String> paths() {
		Arbitrary<String> segment = Arbitraries.oneOf(
				Arbitraries.of("..", ".", "", "references", "guide.md", ".env", "env", "out", "up", "SKILL.md",
						"outside.txt", "kit", "skills", "%2e%2e", "..\\", "C:", "~", "\0", "caf\uD800", "\u202E",
						"node_modules", "__pycache__", "a".repeat(300)),
				Arbitraries.strings().withChars(FuzzChars.PATH).ofMaxLength(8));
		return segment.list()
			.ofMaxSize(8)
			.map((segments) -> String.join("/", segments))
			.flatMap((joined) -> Arbitraries.of(joined, "/" + joined, joined + "/", joined.replace('/', '\\')));
	}

	/**
	 * The characters paths are made of in the generator.
	 */
	static final class FuzzChars {

		static final char[] PATH = { 'a', '.', '/', '\\', ':', '%', '~', ' ', '\0', '\n', 'é', '\u202E', '*', '?' };

		private FuzzChars() {
		}

	}

}
