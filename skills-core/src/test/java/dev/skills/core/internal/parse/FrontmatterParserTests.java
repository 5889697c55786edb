package dev.skills.core.internal.parse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

class FrontmatterParserTests {

	@TempDir
	Path root;

	@Test
	void validFrontmatterReadsFieldsAndBody() throws IOException {
		Frontmatter frontmatter = parse("my-skill", """
				---
				name: my-skill
				description: A test skill
				---
				# My Skill
				""");
		assertThat(frontmatter.fields()).containsExactly(entry("name", "my-skill"),
				entry("description", "A test skill"));
		assertThat(frontmatter.body()).isEqualTo("# My Skill");
		assertThat(frontmatter.repairedKeys()).isEmpty();
	}

	@Test
	void textWithoutOpeningDelimiterIsRejected() throws IOException {
		assertParseFails("plain-text", """
				# Just Markdown

				No frontmatter here.
				""", "SKILL.md must start with YAML frontmatter (---)");
	}

	@Test
	void unclosedFrontmatterIsRejected() throws IOException {
		assertParseFails("unclosed", """
				---
				name: unclosed
				description: The closing line never comes
				# Body
				""", "SKILL.md frontmatter not properly closed with ---");
	}

	@Test
	void invalidYamlNamesProblemAndLine() throws IOException {
		assertParseFails("invalid-yaml", """
				---
				name: [invalid
				---
				# Body
				""", "Invalid YAML in frontmatter: expected ',' or ']', but got <stream end> (line 3)");
	}

	@Test
	void yamlListIsNotAMapping() throws IOException {
		assertParseFails("list-frontmatter", """
				---
				- name
				- description
				---
				# Body
				""", "SKILL.md frontmatter must be a YAML mapping");
	}

	@Test
	void onlyAttachedPolicyReadsNoFrontmatter() {
		String list = "---\n- name\n---\n# Body\n";
		String plain = "# Just Markdown\n";

		for (ReadPolicy policy : List.of(ReadPolicy.STRICT, ReadPolicy.CATALOG)) {
			assertThatExceptionOfType(FrontmatterException.class)
				.isThrownBy(() -> FrontmatterParser.parse(list, policy))
				.withMessage("SKILL.md frontmatter must be a YAML mapping");
			assertThatExceptionOfType(FrontmatterException.class)
				.isThrownBy(() -> FrontmatterParser.parse(plain, policy))
				.withMessage("SKILL.md must start with YAML frontmatter (---)");
		}
		Frontmatter notAMapping = FrontmatterParser.parse(list, ReadPolicy.ATTACHED);
		Frontmatter none = FrontmatterParser.parse(plain, ReadPolicy.ATTACHED);

		assertThat(notAMapping.fields()).isEmpty();
		assertThat(notAMapping.body()).isEqualTo("# Body");
		assertThat(notAMapping.unread()).isEqualTo("SKILL.md frontmatter is not a YAML mapping");
		assertThat(none.fields()).isEmpty();
		assertThat(none.body()).isEqualTo("# Just Markdown");
		assertThat(none.unread()).isEqualTo("SKILL.md has no frontmatter");
	}

	@Test
	void licenseIsReadAsText() throws IOException {
		Frontmatter frontmatter = parse("licensed", """
				---
				name: licensed
				description: A skill with a license
				license: MIT
				---
				Body
				""");
		assertThat(frontmatter.fields()).containsEntry("license", "MIT");
	}

	@Test
	void metadataValuesAreTextNotNumbers() throws IOException {
		Frontmatter frontmatter = parse("with-metadata", """
				---
				name: with-metadata
				description: A skill with metadata
				metadata:
				  author: Test Author
				  version: 1.0
				---
				Body
				""");
		assertThat(frontmatter.fields().get("metadata")).isEqualTo(Map.of("author", "Test Author", "version", "1.0"));
	}

	@Test
	void everyScalarIsReadAsItsText() throws IOException {
		Frontmatter frontmatter = parse("scalars", """
				---
				name: 123
				description: true
				version: 1.10
				count: 0x1F
				date: 2024-01-31
				nothing: ~
				empty:
				---
				Body
				""");
		assertThat(frontmatter.fields()).containsExactly(entry("name", "123"), entry("description", "true"),
				entry("version", "1.10"), entry("count", "0x1F"), entry("date", "2024-01-31"), entry("nothing", "~"),
				entry("empty", ""));
	}

	@Test
	void taggedScalarsAreReadAsWritten() throws IOException {
		Frontmatter frontmatter = parse("tagged", """
				---
				name: tagged
				description: !!str Explicit tags
				version: !!float 1.10
				count: !!int 0x1F
				date: !!timestamp 2024-01-31
				flag: !!bool yes
				data: !!binary aGVsbG8=
				nothing: !!null ~
				---
				Body
				""");
		assertThat(frontmatter.fields()).containsExactly(entry("name", "tagged"), entry("description", "Explicit tags"),
				entry("version", "1.10"), entry("count", "0x1F"), entry("date", "2024-01-31"), entry("flag", "yes"),
				entry("data", "aGVsbG8="), entry("nothing", "~"));
	}

	@Test
	void allowedToolsAreKeptVerbatim() throws IOException {
		Frontmatter frontmatter = parse("jq-git", """
				---
				name: jq-git
				description: Query JSON and inspect history
				allowed-tools: Bash(jq:*) Bash(git:*)
				---
				Body
				""");
		assertThat(frontmatter.fields()).containsEntry("allowed-tools", "Bash(jq:*) Bash(git:*)");
	}

	@Test
	void tripleDashInValueDoesNotEndIt() throws IOException {
		Frontmatter frontmatter = parse("separators", """
				---
				name: separators
				description: |
				  Splits documents on separator lines.
				  ---
				  Each part is handled on its own.
				license: Apache-2.0
				---
				# Separators
				""");
		assertThat(frontmatter.fields())
			.containsEntry("description",
					"Splits documents on separator lines.\n---\nEach part is handled on its own.\n")
			.containsEntry("license", "Apache-2.0");
		assertThat(frontmatter.body()).isEqualTo("# Separators");
	}

	@Test
	void crlfIsReadAndBodyUsesLineFeeds() throws IOException {
		Frontmatter frontmatter = parse("crlf",
				"---\r\nname: crlf\r\ndescription: Written on Windows\r\n---\r\n" + "# Title\r\n\r\nStep one.\r\n");
		assertThat(frontmatter.fields()).containsExactly(entry("name", "crlf"),
				entry("description", "Written on Windows"));
		assertThat(frontmatter.body()).isEqualTo("# Title\n\nStep one.");
	}

	@Test
	void byteOrderMarkIsIgnored() throws IOException {
		Frontmatter frontmatter = parse("bom", "\uFEFF---\nname: bom\ndescription: Saved with a BOM\n---\nBody\n");
		assertThat(frontmatter.fields()).containsExactly(entry("name", "bom"),
				entry("description", "Saved with a BOM"));
		assertThat(frontmatter.body()).isEqualTo("Body");
	}

	@Test
	void strictRejectsColonLenientQuotesIt() throws IOException {
		String content = """
				---
				name: colon
				description: Use this skill when: the user asks for a summary
				---
				Body
				""";
		assertParseFails("colon", content, "Invalid YAML in frontmatter: mapping values are not allowed here (line 3)");
		Frontmatter lenient = FrontmatterParser.parse(content, ReadPolicy.CATALOG);
		assertThat(lenient.fields()).containsEntry("description", "Use this skill when: the user asks for a summary");
		assertThat(lenient.repairedKeys()).containsExactly("description");
	}

	@Test
	void repairFoldsContinuationLines() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "folded", """
				---
				name: folded
				description: Use when: the user asks
				  for a "weekly" report
				license: MIT
				---
				Body
				""");
		Frontmatter frontmatter = FrontmatterParser.parse(read(dir), ReadPolicy.CATALOG);
		assertThat(frontmatter.fields()).containsExactly(entry("name", "folded"),
				entry("description", "Use when: the user asks for a \"weekly\" report"), entry("license", "MIT"));
		assertThat(frontmatter.repairedKeys()).containsExactly("description");
	}

	@Test
	void duplicateKeyIsRejectedEvenWhenLenient() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "duplicate", """
				---
				name: first
				description: Two names
				name: second
				---
				Body
				""");
		assertThatExceptionOfType(FrontmatterException.class)
			.isThrownBy(() -> FrontmatterParser.parse(read(dir), ReadPolicy.CATALOG))
			.withMessage("Invalid YAML in frontmatter: duplicate key: found duplicate key name (line 4)");
	}

	@Test
	void readingWithoutBodyStopsAtFrontmatter() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "no-body",
				"---\nname: no-body\ndescription: Only the frontmatter is wanted\n---\n" + "# Body\n".repeat(100_000));
		try (var in = Files.newInputStream(dir.resolve("SKILL.md"))) {
			Frontmatter frontmatter = FrontmatterParser.readFrontmatter(in);
			assertThat(frontmatter.fields()).containsOnlyKeys("name", "description");
			assertThat(frontmatter.body()).isEmpty();
			// One first read of a few KB, not the 700 KB body.
			assertThat(in.readAllBytes().length).isGreaterThan(690_000);
		}
	}

	private Frontmatter parse(String folder, String content) throws IOException {
		return FrontmatterParser.parse(read(SkillFixtures.rawSkill(this.root, folder, content)), ReadPolicy.STRICT);
	}

	private void assertParseFails(String folder, String content, String message) throws IOException {
		String text = read(SkillFixtures.rawSkill(this.root, folder, content));
		assertThatExceptionOfType(FrontmatterException.class)
			.isThrownBy(() -> FrontmatterParser.parse(text, ReadPolicy.STRICT))
			.withMessage(message);
	}

	private static String read(Path skillDirectory) throws IOException {
		return Files.readString(skillDirectory.resolve("SKILL.md"), StandardCharsets.UTF_8);
	}

}
