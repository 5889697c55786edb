package dev.skills.core.internal.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.Skill;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillNotFoundException;
import dev.skills.core.TestTexts;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

class SkillLoaderTests {

	@TempDir
	Path root;

	@Test
	void validSkillLoadsFieldsBodyAndFiles() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "my-skill", """
				---
				name: my-skill
				description: A test skill
				---
				# My Skill
				""");
		SkillFixtures.file(dir, "references/GUIDE.md", "# Guide\n");
		Skill skill = SkillLoader.load(dir);
		assertThat(skill.name()).isEqualTo("my-skill");
		assertThat(skill.meta().description()).isEqualTo("A test skill");
		assertThat(skill.instructions()).isEqualTo("# My Skill");
		assertThat(skill.files()).containsExactly("references/GUIDE.md");
		assertThat(skill.meta().location()).isEqualTo(dir.resolve("SKILL.md").toString());
		assertThat(skill.meta().baseDirectory()).isEqualTo(dir.toString());
	}

	@Test
	void licenseAndMetadataAreLoadedAsText() throws IOException {
		SkillReadResult result = readMeta("licensed", """
				---
				name: licensed
				description: A skill with a license and metadata
				license: MIT
				metadata:
				  author: Test Author
				  version: 1.0
				---
				Body
				""");
		assertThat(result.diagnostics()).isEmpty();
		assertThat(result.meta().license()).isEqualTo("MIT");
		assertThat(result.meta().metadata()).containsExactly(entry("author", "Test Author"), entry("version", "1.0"));
	}

	@Test
	void emptyFolderHasNoSkillToLoad() throws IOException {
		Path dir = Files.createDirectory(this.root.resolve("empty"));
		assertThat(SkillLoader.findSkillFile(dir)).isNull();
		assertThatExceptionOfType(SkillNotFoundException.class).isThrownBy(() -> SkillLoader.load(dir))
			.withMessageContaining(dir.toString());
	}

	@Test
	void missingDescriptionSkipsTheSkill() throws IOException {
		SkillReadResult result = readMeta("name-only", """
				---
				name: name-only
				---
				Body
				""");
		assertThat(result.meta()).isNull();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("error: Missing required field in frontmatter: description");
	}

	@Test
	void blankDescriptionIsSkippedWithAnError() throws IOException {
		SkillReadResult result = readMeta("blank-description", """
				---
				name: blank-description
				description: "  "
				---
				Body
				""");
		assertThat(result.meta()).isNull();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("error: Field 'description' must be a non-empty string");
	}

	@Test
	void skillMdWinsOverLowerCase() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "both-files", """
				---
				name: both-files
				description: From SKILL.md
				---
				Upper
				""");
		SkillFixtures.file(dir, "skill.md", """
				---
				name: both-files
				description: From skill.md
				---
				Lower
				""");
		assertThat(SkillLoader.findSkillFile(dir)).isEqualTo(dir.resolve("SKILL.md"));
		Skill skill = SkillLoader.load(dir);
		assertThat(skill.meta().description()).isEqualTo("From SKILL.md");
		assertThat(skill.instructions()).isEqualTo("Upper");
		assertThat(SkillLoader.readMeta(dir.resolve("SKILL.md")).diagnostics()).isEmpty();
	}

	@Test
	void lowerCaseSkillMdLoadsWithAWarning() throws IOException {
		Path dir = Files.createDirectory(this.root.resolve("lower-only"));
		SkillFixtures.file(dir, "skill.md", """
				---
				name: lower-only
				description: Only the lower-case file exists
				---
				Body
				""");
		Path skillFile = SkillLoader.findSkillFile(dir);
		assertThat(skillFile).isEqualTo(dir.resolve("skill.md"));
		SkillReadResult result = SkillLoader.readMeta(skillFile);
		assertThat(result.meta().name()).isEqualTo("lower-only");
		assertThat(result.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isFalse();
			assertThat(diagnostic.skillName()).isEqualTo("lower-only");
			assertThat(diagnostic.message()).isEqualTo("Found skill.md; the file should be named SKILL.md");
		});
		assertThat(SkillLoader.load(dir).instructions()).isEqualTo("Body");
	}

	@Test
	void allowedToolsSplitOnSpaces() throws IOException {
		SkillReadResult result = readMeta("jq-git", """
				---
				name: jq-git
				description: Query JSON and inspect history
				allowed-tools: Bash(jq:*) Bash(git:*)
				---
				Body
				""");
		assertThat(result.diagnostics()).isEmpty();
		assertThat(result.meta().allowedTools()).containsExactly("Bash(jq:*)", "Bash(git:*)");
	}

	@Test
	void spacesInToolPatternsStayWhole() throws IOException {
		SkillReadResult result = readMeta("git-commit", """
				---
				name: git-commit
				description: Commit staged work
				allowed-tools: Bash(git commit:*) Bash(git add:*) Read
				---
				Body
				""");
		assertThat(result.meta().allowedTools()).containsExactly("Bash(git commit:*)", "Bash(git add:*)", "Read");
	}

	@Test
	void missingAllowedToolsMeansNoRestriction() throws IOException {
		SkillReadResult result = readMeta("unrestricted", """
				---
				name: unrestricted
				description: No tool list
				---
				Body
				""");
		assertThat(result.meta().allowedTools()).isNull();
		assertThat(result.meta().disallowedTools()).isEmpty();
	}

	@Test
	void unquotedColonIsQuotedWithAWarning() throws IOException {
		SkillReadResult result = readMeta("status-report", """
				---
				name: status-report
				description: Use this skill when: the user asks for a status report
				---
				Body
				""");
		assertThat(result.meta().description()).isEqualTo("Use this skill when: the user asks for a status report");
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: Frontmatter is not valid YAML as written; quoted the value of description to read it");
	}

	@Test
	void leadingAtSignIsQuotedWithAWarning() throws IOException {
		SkillReadResult result = readMeta("mention-triage", """
				---
				name: mention-triage
				description: @mentions in chat are sorted into questions, requests and noise
				---
				Body
				""");
		assertThat(result.meta().description())
			.isEqualTo("@mentions in chat are sorted into questions, requests and noise");
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: Frontmatter is not valid YAML as written; quoted the value of description to read it");
	}

	@Test
	void leadingBacktickIsQuotedWithAWarning() throws IOException {
		SkillReadResult result = readMeta("make-targets", """
				---
				name: make-targets
				description: `make` targets are listed and explained before any is run
				---
				Body
				""");
		assertThat(result.meta().description()).isEqualTo("`make` targets are listed and explained before any is run");
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: Frontmatter is not valid YAML as written; quoted the value of description to read it");
	}

	@Test
	void nameWithSpacesIsSkipped() throws IOException {
		SkillReadResult result = readMeta("apify-automation", """
				---
				name: Apify Automation
				description: Runs scraping actors
				---
				Body
				""");
		assertThat(result.meta()).isNull();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("error: Skill 'Apify Automation': name contains whitespace; the skill is skipped");
	}

	@Test
	void nameWithPathSeparatorIsSkipped() throws IOException {
		SkillReadResult result = readMeta("escape", """
				---
				name: ../escape
				description: Tries to name a path
				---
				Body
				""");
		assertThat(result.meta()).isNull();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("error: Skill name '../escape' contains a path separator; the skill is skipped");
	}

	@Test
	void missingNameTakesFolderNameWithWarning() throws IOException {
		SkillReadResult result = readMeta("unnamed-helper", """
				---
				description: A skill that forgot its name
				---
				Body
				""");
		assertThat(result.meta().name()).isEqualTo("unnamed-helper");
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: Missing required field in frontmatter: name; using the directory name 'unnamed-helper'");
	}

	@Test
	void whenToUseIsReadOtherExtensionsKept() throws IOException {
		SkillReadResult result = readMeta("release-helper", """
				---
				name: release-helper
				description: Prepares a release branch and changelog
				when_to_use: When the user says "cut a release"
				version: 2.1.0
				author: Dana Okafor
				tags: [release, git]
				argument-hint: "[version]"
				disable-model-invocation: true
				---
				Body
				""");
		SkillMeta meta = result.meta();
		assertThat(meta.whenToUse()).isEqualTo("When the user says \"cut a release\"");
		assertThat(meta.extraFields()).containsExactly(entry("version", "2.1.0"), entry("author", "Dana Okafor"),
				entry("tags", "[release, git]"), entry("argument-hint", "[version]"),
				entry("disable-model-invocation", "true"));
		assertThat(meta.tags()).isEmpty();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("warning: Fields outside the specification kept as extra fields: "
					+ "argument-hint, author, disable-model-invocation, tags, version");
	}

	@Test
	void flowListOfToolsLoadsWithAWarning() throws IOException {
		SkillReadResult result = readMeta("flow-tools", """
				---
				name: flow-tools
				description: Tools as a flow list
				allowed-tools: [Read, Bash]
				---
				Body
				""");
		assertThat(result.meta().allowedTools()).containsExactly("Read", "Bash");
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("warning: Field 'allowed-tools' should be a space-separated string; read as [Read, Bash]");
	}

	@Test
	void blockListOfToolsLoadsWithAWarning() throws IOException {
		SkillReadResult result = readMeta("block-tools", """
				---
				name: block-tools
				description: Tools as a block list
				allowed-tools:
				  - Read
				  - Grep
				  - Bash(npm test:*)
				---
				Body
				""");
		assertThat(result.meta().allowedTools()).containsExactly("Read", "Grep", "Bash(npm test:*)");
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: Field 'allowed-tools' should be a space-separated string; read as [Read, Grep, Bash(npm test:*)]");
	}

	@Test
	void commaSeparatedToolsLoadWithAWarning() throws IOException {
		SkillReadResult result = readMeta("comma-tools", """
				---
				name: comma-tools
				description: Tools separated by commas
				allowed-tools: Read, Write, Edit
				---
				Body
				""");
		assertThat(result.meta().allowedTools()).containsExactly("Read", "Write", "Edit");
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: Field 'allowed-tools' should be a space-separated string; read as [Read, Write, Edit]");
	}

	@Test
	void underscoreToolsKeyIsReadWithAWarning() throws IOException {
		SkillReadResult result = readMeta("underscore-tools", """
				---
				name: underscore-tools
				description: Tools under the underscore spelling
				allowed_tools: Read Grep
				---
				Body
				""");
		assertThat(result.meta().allowedTools()).containsExactly("Read", "Grep");
		assertThat(result.meta().extraFields()).isEmpty();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("warning: 'allowed_tools' is not the specification's spelling; read as 'allowed-tools'");
	}

	@Test
	void disallowedToolsListLoadsWithoutAWarning() throws IOException {
		SkillReadResult result = readMeta("read-only", """
				---
				name: read-only
				description: Looks but never touches
				disallowed-tools: [Write, Edit, Bash]
				---
				Body
				""");
		assertThat(result.meta().disallowedTools()).containsExactly("Write", "Edit", "Bash");
		assertThat(result.diagnostics()).isEmpty();
	}

	@Test
	void nestedMetadataIsYamlTextWithAWarning() throws IOException {
		SkillReadResult result = readMeta("nested-metadata", """
				---
				name: nested-metadata
				description: Metadata with nested values
				metadata:
				  author: Lee
				  clawdbot:
				    a: b
				  keywords: [x, y]
				---
				Body
				""");
		assertThat(result.meta().metadata()).containsExactly(entry("author", "Lee"), entry("clawdbot", "{a: b}"),
				entry("keywords", "[x, y]"));
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: metadata.clawdbot is not a string; kept as its YAML text",
				"warning: metadata.keywords is not a string; kept as its YAML text");
	}

	@Test
	void metadataVersionOnePointTenStaysText() throws IOException {
		SkillReadResult result = readMeta("versioned", """
				---
				name: versioned
				description: Version numbers that look like decimals
				metadata:
				  version: 1.10
				---
				Body
				""");
		assertThat(result.meta().metadata()).containsExactly(entry("version", "1.10"));
		assertThat(result.diagnostics()).isEmpty();
	}

	@Test
	void routingMetadataIsRead() throws IOException {
		SkillReadResult result = readMeta("routed", """
				---
				name: routed
				description: Routing hints in metadata
				metadata:
				  triggers: deploy the app; roll back
				  tags: ops, release deploy
				  priority: 7
				---
				Body
				""");
		assertThat(result.meta().triggers()).containsExactly("deploy the app", "roll back");
		assertThat(result.meta().tags()).containsExactly("ops", "release", "deploy");
		assertThat(result.meta().priority()).isEqualTo(7);
	}

	@Test
	void nonIntegerPriorityIsZeroWithAWarning() throws IOException {
		SkillReadResult result = readMeta("vague-priority", """
				---
				name: vague-priority
				description: Priority that is not a number
				metadata:
				  priority: high
				---
				Body
				""");
		assertThat(result.meta().priority()).isZero();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("warning: metadata.priority 'high' is not an integer; using 0");
	}

	@Test
	void numericNameIsReadAsText() throws IOException {
		SkillReadResult result = readMeta("123", """
				---
				name: 123
				description: A name YAML would read as a number
				---
				Body
				""");
		assertThat(result.meta().name()).isEqualTo("123");
		assertThat(result.diagnostics()).isEmpty();
	}

	@Test
	void booleanNameIsReadAsText() throws IOException {
		SkillReadResult result = readMeta("true", """
				---
				name: true
				description: A name YAML would read as a boolean
				---
				Body
				""");
		assertThat(result.meta().name()).isEqualTo("true");
		assertThat(result.diagnostics()).isEmpty();
	}

	@Test
	void badNameLoadsWithWarnings() throws IOException {
		SkillReadResult result = readMeta("pdf-tools", """
				---
				name: PDF-Toolkit
				description: Name in capitals and unlike its folder
				---
				Body
				""");
		assertThat(result.meta().name()).isEqualTo("PDF-Toolkit");
		assertThat(TestTexts.messages(result.diagnostics())).containsExactly(
				"warning: Skill name 'PDF-Toolkit' must be lowercase",
				"warning: Directory name 'pdf-tools' must match skill name 'PDF-Toolkit'");
	}

	@Test
	void longDescriptionLoadsWithAWarning() throws IOException {
		String description = TestTexts.prose(1929);
		SkillReadResult result = readMeta("long-description",
				"---\nname: long-description\ndescription: " + description + "\n---\nBody\n");
		assertThat(result.meta().description()).isEqualTo(description).hasSize(1929);
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("warning: Description exceeds 1024 character limit (1929 chars)");
	}

	@Test
	void bodyOf1077LinesLoadsWhole() throws IOException {
		String body = TestTexts.numberedLines(1077);
		Path dir = SkillFixtures.rawSkill(this.root, "long-body",
				"---\nname: long-body\ndescription: A very long body\n---\n" + body + "\n");
		Skill skill = SkillLoader.load(dir);
		assertThat(skill.instructions()).isEqualTo(body);
		assertThat(skill.instructions().lines()).hasSize(1077);
		assertThat(SkillLoader.readMeta(dir.resolve("SKILL.md")).diagnostics()).isEmpty();
	}

	@Test
	void noFrontmatterIsSkippedWithAnError() throws IOException {
		SkillReadResult result = readMeta("plain-notes", """
				# Plain notes

				Just Markdown, no frontmatter.
				""");
		assertThat(result.meta()).isNull();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("error: SKILL.md must start with YAML frontmatter (---)");
	}

	@Test
	void badFrontmatterIsSkippedWithAnError() throws IOException {
		SkillReadResult result = readMeta("broken-yaml", """
				---
				name: [broken-yaml
				description: Never closed
				---
				Body
				""");
		assertThat(result.meta()).isNull();
		assertThat(result.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isTrue();
			assertThat(diagnostic.message()).startsWith("Invalid YAML in frontmatter: ");
		});
	}

	@Test
	void skillWithCrlfLineEndingsLoadsNormally() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "windows-skill",
				"---\r\nname: windows-skill\r\ndescription: Saved with "
						+ "CRLF\r\nallowed-tools: Read Grep\r\n---\r\n# Windows\r\n\r\nLine two.\r\n");
		SkillReadResult result = SkillLoader.readMeta(dir.resolve("SKILL.md"));
		assertThat(result.diagnostics()).isEmpty();
		assertThat(result.meta().name()).isEqualTo("windows-skill");
		assertThat(result.meta().description()).isEqualTo("Saved with CRLF");
		assertThat(result.meta().allowedTools()).containsExactly("Read", "Grep");
		assertThat(SkillLoader.load(dir).instructions()).isEqualTo("# Windows\n\nLine two.");
	}

	@Test
	void skillWithUtf8ByteOrderMarkLoadsNormally() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "bom-skill",
				"\uFEFF---\nname: bom-skill\ndescription: Saved by an editor that writes a BOM\n---\n# BOM\n");
		assertThat(Files.readAllBytes(dir.resolve("SKILL.md"))).startsWith(0xEF, 0xBB, 0xBF);
		SkillReadResult result = SkillLoader.readMeta(dir.resolve("SKILL.md"));
		assertThat(result.diagnostics()).isEmpty();
		assertThat(result.meta().name()).isEqualTo("bom-skill");
		assertThat(SkillLoader.load(dir).instructions()).isEqualTo("# BOM");
	}

	@Test
	void tripleDashLineInDescriptionIsKept() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "doc-splitter", """
				---
				name: doc-splitter
				description: |
				  Splits a document where a line holds
				  ---
				  and summarises each part.
				license: MIT
				---
				# Splitter
				""");
		Skill skill = SkillLoader.load(dir);
		assertThat(skill.meta().description())
			.isEqualTo("Splits a document where a line holds\n---\nand summarises each part.\n");
		assertThat(skill.meta().license()).isEqualTo("MIT");
		assertThat(skill.instructions()).isEqualTo("# Splitter");
	}

	@Test
	void inlineTripleDashInDescriptionIsKept() throws IOException {
		SkillReadResult result = readMeta("rule-lines", """
				---
				name: rule-lines
				description: Replaces --- rules with section headings
				license: MIT
				---
				Body
				""");
		assertThat(result.meta().description()).isEqualTo("Replaces --- rules with section headings");
		assertThat(result.meta().license()).isEqualTo("MIT");
	}

	@Test
	void duplicateNameKeyIsSkipped() throws IOException {
		SkillReadResult result = readMeta("twice-named", """
				---
				name: twice-named
				description: The name key appears twice
				name: other-name
				---
				Body
				""");
		assertThat(result.meta()).isNull();
		assertThat(TestTexts.messages(result.diagnostics()))
			.containsExactly("error: Invalid YAML in frontmatter: duplicate key: found duplicate key name (line 4)");
	}

	@Test
	void placeholdersInTheBodyAreKeptAsWritten() throws IOException {
		String body = """
				# Runner

				Run `{baseDir}/scripts/run.sh` first.
				Then read ${CLAUDE_SKILL_DIR}/references/guide.md and $ARGUMENTS.""";
		Path dir = SkillFixtures.rawSkill(this.root, "runner",
				"---\nname: runner\ndescription: Runs the bundled script\n---\n" + body + "\n");
		assertThat(SkillLoader.load(dir).instructions()).isEqualTo(body);
	}

	private SkillReadResult readMeta(String folder, String content) throws IOException {
		return SkillLoader.readMeta(SkillFixtures.rawSkill(this.root, folder, content).resolve("SKILL.md"));
	}

}
