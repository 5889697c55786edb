package dev.skills.core;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.skills.core.internal.files.SkillFolders;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import dev.skills.core.validate.SkillValidator;
import dev.skills.test.SkillFixtures;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Loads the whole corpus under {@code src/test/resources/corpus}, plus four skills
 * written here (CRLF, BOM and a long body, which git could normalise or which are too big
 * to store, and a folder with a non-ASCII name, which Maven cannot copy as a resource
 * under {@code LC_ALL=C}).
 */
class CorpusTests {

	private static final String REPAIRED = "warning: Frontmatter is not valid YAML as written; "
			+ "quoted the value of description to read it";

	private static final String AS_STRING = "warning: Field 'allowed-tools' should be a space-separated string; read as ";

	private static final Map<String, Outcome> EXPECTED = new LinkedHashMap<>();

	static {
		// Ordinary skills.
		EXPECTED.put("api-docs", loaded("api-docs"));
		EXPECTED.put("collaboration/meeting-notes", loaded("meeting-notes"));
		EXPECTED.put("collaboration/standup-digest", loaded("standup-digest"));
		EXPECTED.put("commit-message", loaded("commit-message"));
		EXPECTED.put("csv-cleanup", loaded("csv-cleanup"));
		EXPECTED.put("engineering/databases/sql-review", loaded("sql-review"));
		EXPECTED.put("image-resize", loaded("image-resize"));
		EXPECTED.put("incident-report", loaded("incident-report"));
		EXPECTED.put("read-only-audit", loaded("read-only-audit"));
		EXPECTED.put("release-notes", loaded("release-notes"));
		EXPECTED.put("résumé-builder", loaded("résumé-builder"));
		EXPECTED.put("template-gallery", loaded("template-gallery"));
		// The real-world deviations.
		EXPECTED.put("changelog-triage", loaded("changelog-triage", REPAIRED));
		EXPECTED.put("mention-router", loaded("mention-router", REPAIRED));
		EXPECTED.put("make-helper", loaded("make-helper", REPAIRED));
		EXPECTED.put("apify-automation",
				skipped("error: Skill 'Apify Automation': name contains whitespace; the skill is skipped"));
		EXPECTED.put("forgot-name", loaded("forgot-name",
				"warning: Missing required field in frontmatter: name; using the directory name 'forgot-name'"));
		EXPECTED.put("deploy-assistant",
				loaded("deploy-assistant", "warning: Fields outside the specification kept as extra fields: "
						+ "argument-hint, author, disable-model-invocation, tags, version"));
		EXPECTED.put("tools-flow-list", loaded("tools-flow-list", AS_STRING + "[Read, Bash]"));
		EXPECTED.put("tools-block-list", loaded("tools-block-list", AS_STRING + "[Read, Grep, Bash(npm test:*)]"));
		EXPECTED.put("tools-comma-string", loaded("tools-comma-string", AS_STRING + "[Read, Write, Edit]"));
		EXPECTED.put("legacy-tools", loaded("legacy-tools",
				"warning: 'allowed_tools' is not the specification's spelling; read as 'allowed-tools'"));
		EXPECTED.put("bot-settings",
				loaded("bot-settings", "warning: metadata.clawdbot is not a string; kept as its YAML text",
						"warning: metadata.keywords is not a string; kept as its YAML text"));
		EXPECTED.put("schema-migrations", loaded("schema-migrations"));
		EXPECTED.put("123", loaded("123"));
		EXPECTED.put("true", loaded("true"));
		EXPECTED.put("cloud-cost-report",
				loaded("cloud-cost-report", "warning: Description exceeds 1024 character limit (1929 chars)"));
		EXPECTED.put("long-body", loaded("long-body"));
		EXPECTED.put("plain-markdown", skipped("error: SKILL.md must start with YAML frontmatter (---)"));
		EXPECTED.put("crlf-endings", loaded("crlf-endings"));
		EXPECTED.put("byte-order-mark", loaded("byte-order-mark"));
		EXPECTED.put("log-splitter", loaded("log-splitter"));
		EXPECTED.put("duplicate-name",
				skipped("error: Invalid YAML in frontmatter: duplicate key: found duplicate key name (line 4)"));
		EXPECTED.put("script-runner", loaded("script-runner"));
		// Other deviations the loader tolerates or rejects.
		EXPECTED.put("lowercase-file",
				loaded("lowercase-file", "warning: Found skill.md; the file should be named SKILL.md"));
		EXPECTED.put("pdf-tools",
				loaded("pdf-toolkit", "warning: Directory name 'pdf-tools' must match skill name 'pdf-toolkit'"));
		EXPECTED.put("no-description", skipped("error: Missing required field in frontmatter: description"));
	}

	@TempDir
	static Path corpus;

	@BeforeAll
	static void copyCorpusAndWriteGeneratedSkills() throws IOException, URISyntaxException {
		Path stored = Path.of(CorpusTests.class.getResource("/corpus").toURI());
		try (Stream<Path> paths = Files.walk(stored)) {
			for (Path source : paths.toList()) {
				Path target = corpus.resolve(stored.relativize(source).toString());
				if (Files.isDirectory(source)) {
					Files.createDirectories(target);
				}
				else {
					Files.copy(source, target);
				}
			}
		}
		SkillFixtures.rawSkill(corpus, "crlf-endings",
				"---\r\nname: crlf-endings\r\ndescription: Written on Windows with "
						+ "CRLF line endings.\r\nallowed-tools: Read Grep\r\n---\r\n# CRLF\r\n\r\nWorks the same.\r\n");
		SkillFixtures.rawSkill(corpus, "byte-order-mark",
				"\uFEFF---\nname: byte-order-mark\ndescription: Saved by an editor "
						+ "that writes a UTF-8 byte order mark.\n---\n# BOM\n");
		SkillFixtures.rawSkill(corpus, "long-body",
				"---\nname: long-body\ndescription: A checklist with very many steps.\n---\n"
						+ TestTexts.numberedLines(1077) + "\n");
		SkillFixtures
			.rawSkill(corpus, "r\u00e9sum\u00e9-builder", "---\nname: r\u00e9sum\u00e9-builder\ndescription: Formats a "
					+ "r\u00e9sum\u00e9 from a list of jobs and skills into a one-page Markdown document.\n---\n"
					+ "# R\u00e9sum\u00e9 builder\n\nMost recent job first. At most four bullet points per job, each "
					+ "starting with a verb.\n");
	}

	@Test
	void corpusFoldersLoadOrSkipAsExpected() {
		SkillFolders.Scan scan = SkillFolders.find(corpus);
		Map<String, Outcome> actual = new LinkedHashMap<>();
		for (Path directory : scan.skillDirectories()) {
			SkillReadResult result = SkillLoader.readMeta(SkillLoader.findSkillFile(directory));
			actual.put(relative(directory), new Outcome((result.meta() != null) ? result.meta().name() : null,
					TestTexts.messages(result.diagnostics())));
		}
		assertThat(scan.diagnostics()).isEmpty();
		assertThat(actual).containsExactlyInAnyOrderEntriesOf(EXPECTED);
		assertThat(EXPECTED).hasSizeGreaterThanOrEqualTo(30);
	}

	@Test
	void hiddenAndNestedSkillsAreNotFound() {
		assertThat(Files.isRegularFile(corpus.resolve(".drafts/unfinished/SKILL.md"))).isTrue();
		assertThat(Files.isRegularFile(corpus.resolve("template-gallery/examples/sample-skill/SKILL.md"))).isTrue();
		assertThat(SkillFolders.find(corpus).skillDirectories()).map(CorpusTests::relative)
			.doesNotContain(".drafts/unfinished", "template-gallery/examples/sample-skill");
	}

	@Test
	void fieldValuesAreReadAsWritten() {
		assertThat(meta("schema-migrations").metadata()).containsExactly(entry("version", "1.10"));
		assertThat(meta("release-notes").metadata()).containsExactly(entry("author", "Priya Raman"),
				entry("version", "2.3"));
		assertThat(meta("release-notes").license()).isEqualTo("Apache-2.0");
		assertThat(meta("api-docs").compatibility())
			.isEqualTo("Requires Node.js 20+ and network access to fetch the schema");
		assertThat(meta("bot-settings").metadata()).containsExactly(entry("author", "Ngozi Eze"),
				entry("clawdbot", "{channel: ops, emoji: robot}"), entry("keywords", "[bot, settings, chat]"));
		assertThat(meta("image-resize").allowedTools()).containsExactly("Bash(magick:*)", "Read", "Write");
		assertThat(meta("tools-flow-list").allowedTools()).containsExactly("Read", "Bash");
		assertThat(meta("tools-block-list").allowedTools()).containsExactly("Read", "Grep", "Bash(npm test:*)");
		assertThat(meta("tools-comma-string").allowedTools()).containsExactly("Read", "Write", "Edit");
		assertThat(meta("legacy-tools").allowedTools()).containsExactly("Read", "Grep", "Glob");
		assertThat(meta("read-only-audit").disallowedTools()).containsExactly("Write", "Edit", "Bash");
		assertThat(meta("crlf-endings").allowedTools()).containsExactly("Read", "Grep");
		assertThat(meta("crlf-endings").description()).isEqualTo("Written on Windows with CRLF line endings.");
		assertThat(meta("byte-order-mark").name()).isEqualTo("byte-order-mark");
		assertThat(meta("changelog-triage").description())
			.isEqualTo("Use this skill when: a changelog needs sorting into features, fixes and chores");
		assertThat(meta("mention-router").description()).startsWith("@mentions in team chat");
		assertThat(meta("make-helper").description()).startsWith("`make` targets");
		assertThat(meta("log-splitter").description()).contains("between deployments.\n---\nEach part");
		assertThat(meta("log-splitter").license()).isEqualTo("MIT");
		assertThat(meta("cloud-cost-report").description()).hasSize(1929);
		assertThat(meta("commit-message").triggers()).containsExactly("write a commit message", "commit this");
		assertThat(meta("commit-message").tags()).containsExactly("git", "writing");
		assertThat(meta("commit-message").priority()).isEqualTo(3);
		SkillMeta deploy = meta("deploy-assistant");
		assertThat(deploy.whenToUse()).isEqualTo("When the user says \"ship it\" or asks to deploy");
		assertThat(deploy.extraFields()).containsExactly(entry("version", "0.4.2"), entry("author", "Tomás Varga"),
				entry("tags", "[deploy, ops]"), entry("argument-hint", "[environment]"),
				entry("disable-model-invocation", "true"));
	}

	@Test
	void bodiesAndBundledFilesLoadAsWritten() {
		Skill runner = SkillLoader.load(corpus.resolve("script-runner"));
		assertThat(runner.instructions()).isEqualTo("""
				# Script runner

				Run `{baseDir}/scripts/run.sh $ARGUMENTS`.
				The options are described in ${CLAUDE_SKILL_DIR}/references/guide.md.""");
		assertThat(runner.files()).containsExactly("references/guide.md", "scripts/run.sh");
		assertThat(SkillLoader.load(corpus.resolve("csv-cleanup")).files()).containsExactly("references/FORMATS.md",
				"scripts/clean.py");
		assertThat(SkillLoader.load(corpus.resolve("template-gallery")).files())
			.containsExactly("examples/sample-skill/SKILL.md");
		assertThat(SkillLoader.load(corpus.resolve("long-body")).instructions().lines()).hasSize(1077);
		assertThat(SkillLoader.load(corpus.resolve("crlf-endings")).instructions())
			.isEqualTo("# CRLF\n\nWorks the same.");
	}

	@Test
	void ordinarySkillsPassStrictValidation() {
		List<String> ordinary = List.of("api-docs", "collaboration/meeting-notes", "collaboration/standup-digest",
				"commit-message", "csv-cleanup", "engineering/databases/sql-review", "image-resize", "incident-report",
				"release-notes", "résumé-builder", "template-gallery", "schema-migrations", "123", "true",
				"log-splitter", "script-runner", "crlf-endings", "byte-order-mark");
		for (String folder : ordinary) {
			assertThat(SkillValidator.validate(corpus.resolve(folder), false)).as(folder).isEmpty();
		}
	}

	private static SkillMeta meta(String folder) {
		SkillReadResult result = SkillLoader.readMeta(SkillLoader.findSkillFile(corpus.resolve(folder)));
		assertThat(result.meta()).as(folder).isNotNull();
		return result.meta();
	}

	private static String relative(Path directory) {
		return corpus.relativize(directory).toString().replace(directory.getFileSystem().getSeparator(), "/");
	}

	private static Outcome loaded(String name, String... diagnostics) {
		return new Outcome(name, List.of(diagnostics));
	}

	private static Outcome skipped(String... diagnostics) {
		return new Outcome(null, List.of(diagnostics));
	}

	/**
	 * What loading one corpus folder gives.
	 *
	 * @param name the loaded skill's name, or {@code null} when it was skipped
	 * @param diagnostics the diagnostics as {@code <severity>: <message>}
	 */
	record Outcome(@Nullable String name, List<String> diagnostics) {
	}

}
