package dev.skills.core.internal.parse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.skills.core.Bounds;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.files.SkillFolders;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Frontmatter built to exhaust memory or time must fail fast with an error diagnostic,
 * and the other skills of the same location must still load. The requirement is under a
 * second per file; the in-test bound is generous to stay reliable on slow machines. The
 * timeout turns a regression that hangs (as an unbounded alias expansion did) into a
 * failure.
 */
@Timeout(value = 60, threadMode = ThreadMode.SEPARATE_THREAD)
class HostileFrontmatterTests {

	private static final String TOO_DEEP = "Invalid YAML in frontmatter: Nesting Depth exceeded max 20";

	@TempDir
	Path location;

	@TempDir
	Path work;

	@Test
	void fiveMegabyteFrontmatterIsSkippedAlone() throws IOException {
		Path huge = hugeFrontmatter(this.location);
		assertThat(Files.size(huge.resolve("SKILL.md"))).isGreaterThan(5_000_000);
		assertHostileSkippedAndGoodLoaded("huge-frontmatter", "SKILL.md frontmatter exceeds 65536 characters");
	}

	@Test
	void blankLineFloodIsSkippedAlone() throws IOException {
		blankLines(this.location);
		assertHostileSkippedAndGoodLoaded("blank-lines", "SKILL.md frontmatter exceeds 65536 characters");
	}

	@Test
	void billionLaughsIsSkippedAlone() throws IOException {
		billionLaughs(this.location);
		assertHostileSkippedAndGoodLoaded("billion-laughs",
				"Invalid YAML in frontmatter: Number of aliases for non-scalar nodes exceeds the specified max=20");
	}

	@Test
	void aliasBombUnderLimitIsSkippedAlone() throws IOException {
		aliasBombUnderTheAliasLimit(this.location);
		assertHostileSkippedAndGoodLoaded("alias-bomb",
				"Invalid YAML in frontmatter: aliases expand to more than 65536 values");
	}

	@Test
	void selfAliasIsSkippedAlone() throws IOException {
		selfReferencingAlias(this.location);
		assertHostileSkippedAndGoodLoaded("self-reference",
				"Invalid YAML in frontmatter: aliases nest deeper than 20 levels");
	}

	@Test
	void deepFlowListsAreSkippedAlone() throws IOException {
		nestedLists(this.location);
		assertHostileSkippedAndGoodLoaded("nested-lists", TOO_DEEP);
	}

	@Test
	void deepMapsAreSkippedAlone() throws IOException {
		nestedMaps(this.location);
		assertHostileSkippedAndGoodLoaded("nested-maps", TOO_DEEP);
	}

	@Test
	void hostileSkillsAreSkippedIn32MbHeap() throws IOException, InterruptedException {
		good(this.location);
		hugeFrontmatter(this.location);
		blankLines(this.location);
		billionLaughs(this.location);
		aliasBombUnderTheAliasLimit(this.location);
		selfReferencingAlias(this.location);
		nestedLists(this.location);
		nestedMaps(this.location);
		Path output = this.work.resolve("child-output.txt");
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		Process process = new ProcessBuilder(java.toString(), "-Xmx32m", "-XX:+UseSerialGC", "-cp",
				System.getProperty("java.class.path"), HostileFolderMain.class.getName(), this.location.toString())
			.redirectErrorStream(true)
			.redirectOutput(output.toFile())
			.start();
		boolean finished = process.waitFor(60, TimeUnit.SECONDS);
		if (!finished) {
			process.destroyForcibly().waitFor();
		}
		String printed = Files.readString(output, StandardCharsets.UTF_8);
		assertThat(finished).as("child JVM finished within 60 s; printed:%n%s", printed).isTrue();
		assertThat(process.exitValue()).as("exit code; printed:%n%s", printed).isZero();
		assertThat(printed.lines()).containsExactly(
				"alias-bomb: skipped: Invalid YAML in frontmatter: aliases expand to more than 65536 values",
				"billion-laughs: skipped: Invalid YAML in frontmatter: "
						+ "Number of aliases for non-scalar nodes exceeds the specified max=20",
				"blank-lines: skipped: SKILL.md frontmatter exceeds 65536 characters", "good-skill: loaded good-skill",
				"huge-frontmatter: skipped: SKILL.md frontmatter exceeds 65536 characters",
				"nested-lists: skipped: " + TOO_DEEP, "nested-maps: skipped: " + TOO_DEEP,
				"self-reference: skipped: Invalid YAML in frontmatter: aliases nest deeper than 20 levels");
	}

	private void assertHostileSkippedAndGoodLoaded(String hostileFolder, String error) throws IOException {
		good(this.location);
		List<Path> found = SkillFolders.find(this.location).skillDirectories();
		assertThat(found).containsExactlyInAnyOrder(this.location.resolve(hostileFolder),
				this.location.resolve("good-skill"));
		Map<String, SkillReadResult> results = new LinkedHashMap<>();
		List<Duration> durations = new ArrayList<>();
		for (Path directory : found) {
			long start = System.nanoTime();
			results.put(directory.getFileName().toString(), SkillLoader.readMeta(directory.resolve("SKILL.md")));
			durations.add(Duration.ofNanos(System.nanoTime() - start));
		}
		SkillReadResult hostile = results.get(hostileFolder);
		assertThat(hostile.meta()).isNull();
		assertThat(hostile.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.severity()).isEqualTo(SkillDiagnostic.Severity.ERROR);
			assertThat(diagnostic.message()).isEqualTo(error);
		});
		SkillReadResult good = results.get("good-skill");
		assertThat(good.meta().name()).isEqualTo("good-skill");
		assertThat(good.diagnostics()).isEmpty();
		assertThat(durations).allSatisfy((duration) -> assertThat(duration).isLessThan(Bounds.HOSTILE_INPUT));
	}

	private static void good(Path location) throws IOException {
		SkillFixtures.rawSkill(location, "good-skill", """
				---
				name: good-skill
				description: An ordinary skill next to hostile ones
				---
				# Good
				""");
	}

	private static Path hugeFrontmatter(Path location) throws IOException {
		StringBuilder content = new StringBuilder("---\nname: huge-frontmatter\ndescription: Five megabytes of keys\n");
		for (int i = 0; content.length() < 5 * 1024 * 1024; i++) {
			content.append("key-%07d: ".formatted(i)).append("v".repeat(64)).append('\n');
		}
		return SkillFixtures.rawSkill(location, "huge-frontmatter", content.append("---\nBody\n").toString());
	}

	private static Path blankLines(Path location) throws IOException {
		return SkillFixtures.rawSkill(location, "blank-lines",
				"---\nname: blank-lines\ndescription: Five megabytes of nothing\n" + "\n".repeat(5 * 1024 * 1024)
						+ "---\nBody\n");
	}

	private static Path billionLaughs(Path location) throws IOException {
		StringBuilder content = new StringBuilder("---\nname: billion-laughs\ndescription: Classic alias bomb\n");
		content
			.append("lol0: &lol0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n");
		for (int level = 1; level <= 9; level++) {
			content.append("lol").append(level).append(": &lol").append(level).append(" [");
			content.append(String.join(", ", Collections.nCopies(9, "*lol" + (level - 1))));
			content.append("]\n");
		}
		return SkillFixtures.rawSkill(location, "billion-laughs", content.append("---\nBody\n").toString());
	}

	// 7 levels using 20 aliases in all: 25,000 x 3^6 x 2 values, about 36 million, from
	// 50 KB.
	private static Path aliasBombUnderTheAliasLimit(Path location) throws IOException {
		StringBuilder content = new StringBuilder(
				"---\nname: alias-bomb\ndescription: Expands within the alias limit\n");
		content.append("x0: &a0 [").append(String.join(",", Collections.nCopies(25_000, "x"))).append("]\n");
		int[] aliasesPerLevel = { 3, 3, 3, 3, 3, 3, 2 };
		for (int level = 1; level <= aliasesPerLevel.length; level++) {
			content.append("x").append(level).append(": &a").append(level).append(" [");
			content.append(String.join(", ", Collections.nCopies(aliasesPerLevel[level - 1], "*a" + (level - 1))));
			content.append("]\n");
		}
		return SkillFixtures.rawSkill(location, "alias-bomb", content.append("---\nBody\n").toString());
	}

	private static Path selfReferencingAlias(Path location) throws IOException {
		return SkillFixtures.rawSkill(location, "self-reference", """
				---
				name: self-reference
				description: An alias inside the mapping it names
				metadata: &m
				  self: *m
				---
				Body
				""");
	}

	private static Path nestedLists(Path location) throws IOException {
		return SkillFixtures.rawSkill(location, "nested-lists", "---\nname: nested-lists\ndescription: Deep lists\nx: "
				+ "[".repeat(200) + "]".repeat(200) + "\n---\nBody\n");
	}

	private static Path nestedMaps(Path location) throws IOException {
		StringBuilder content = new StringBuilder("---\nname: nested-maps\ndescription: Deep maps\n");
		for (int depth = 0; depth < 200; depth++) {
			content.append("  ".repeat(depth)).append("level").append(depth).append(":\n");
		}
		content.append("  ".repeat(200)).append("leaf: value\n");
		return SkillFixtures.rawSkill(location, "nested-maps", content.append("---\nBody\n").toString());
	}

}
