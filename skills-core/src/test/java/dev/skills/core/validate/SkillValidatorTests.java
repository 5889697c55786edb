package dev.skills.core.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.TestTexts;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class SkillValidatorTests {

	private static final String ONLY_SPEC_FIELDS = "Only [allowed-tools, compatibility, description, license, "
			+ "metadata, name] are allowed.";

	private static final String INVALID_CHARACTERS = "contains invalid characters. "
			+ "Only letters, digits, and hyphens are allowed.";

	@TempDir
	Path root;

	@Test
	void validSkillHasNoDiagnostics() throws IOException {
		assertThat(validate("my-skill", skillMd("my-skill", "Does one thing well"))).isEmpty();
	}

	@Test
	void missingPathIsOneError() {
		Path missing = this.root.resolve("nowhere");
		assertThat(SkillValidator.validate(missing, false)).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isTrue();
			assertThat(diagnostic.message()).isEqualTo("Path does not exist: " + missing);
		});
	}

	@Test
	void fileInsteadOfFolderIsOneError() throws IOException {
		Path file = Files.writeString(this.root.resolve("SKILL.md"), skillMd("x", "A file, not a folder"));
		assertThat(TestTexts.messages(SkillValidator.validate(file, false)))
			.containsExactly("error: Not a directory: " + file);
	}

	@Test
	void folderWithoutSkillMdIsOneError() throws IOException {
		Path dir = Files.createDirectory(this.root.resolve("empty-skill"));
		Files.writeString(dir.resolve("README.md"), "# Not a skill file\n");
		assertThat(TestTexts.messages(SkillValidator.validate(dir, false)))
			.containsExactly("error: Missing required file: SKILL.md");
	}

	@Test
	void upperCaseLettersInNameAreAnError() throws IOException {
		assertThat(validate("MySkill", skillMd("MySkill", "Camel case name")))
			.containsExactly("error: Skill name 'MySkill' must be lowercase");
	}

	@Test
	void nameOfSeventyCharactersExceedsTheLimit() throws IOException {
		String name = "a".repeat(70);
		assertThat(validate(name, skillMd(name, "Long name")))
			.containsExactly("error: Skill name '" + name + "' exceeds 64 character limit (70 chars)");
	}

	@ParameterizedTest
	@ValueSource(strings = { "-my-skill", "my-skill-" })
	void leadingOrTrailingHyphenIsAnError(String name) throws IOException {
		assertThat(validate(name, skillMd(name, "Hyphen at an edge")))
			.containsExactly("error: Skill name cannot start or end with a hyphen");
	}

	@Test
	void consecutiveHyphensAreAnError() throws IOException {
		assertThat(validate("my--skill", skillMd("my--skill", "Double hyphen")))
			.containsExactly("error: Skill name cannot contain consecutive hyphens");
	}

	@Test
	void underscoreIsAnInvalidCharacter() throws IOException {
		assertThat(validate("my_skill", skillMd("my_skill", "Underscore")))
			.containsExactly("error: Skill name 'my_skill' " + INVALID_CHARACTERS);
	}

	@Test
	void nameDifferentFromFolderIsAnError() throws IOException {
		assertThat(validate("wrong-name", skillMd("correct-name", "Folder and name differ")))
			.containsExactly("error: Directory name 'wrong-name' must match skill name 'correct-name'");
	}

	@Test
	void unknownFieldIsAnError() throws IOException {
		assertThat(validate("extra-field", """
				---
				name: extra-field
				description: Has a field outside the spec
				unknown_field: value
				---
				Body
				""")).containsExactly("error: Unexpected fields in frontmatter: unknown_field. " + ONLY_SPEC_FIELDS);
	}

	@Test
	void licenseAndMetadataAuthorAreValid() throws IOException {
		assertThat(validate("licensed", """
				---
				name: licensed
				description: Has a license and an author
				license: MIT
				metadata:
				  author: Test Author
				---
				Body
				""")).isEmpty();
	}

	@ParameterizedTest
	@ValueSource(strings = { "技能", "мой-навык", "навык" })
	void lowerCaseLettersOfAnyScriptAreValid(String name) throws IOException {
		assertThat(validate(name, skillMd(name, "A name outside ASCII"))).isEmpty();
	}

	@Test
	void upperCaseCyrillicNameIsNotLowercase() throws IOException {
		assertThat(validate("НАВЫК", skillMd("НАВЫК", "Capital Cyrillic")))
			.containsExactly("error: Skill name 'НАВЫК' must be lowercase");
	}

	@Test
	void descriptionOf1100CharactersIsAnError() throws IOException {
		assertThat(validate("long-desc", skillMd("long-desc", "x".repeat(1100))))
			.containsExactly("error: Description exceeds 1024 character limit (1100 chars)");
	}

	@Test
	void compatibilityWithinTheLimitIsValid() throws IOException {
		assertThat(validate("needs-python", """
				---
				name: needs-python
				description: Runs a Python script
				compatibility: Requires Python 3.11+
				---
				Body
				""")).isEmpty();
	}

	@Test
	void compatibilityOf550CharactersIsAnError() throws IOException {
		assertThat(validate("long-compat",
				"---\nname: long-compat\ndescription: Long compatibility\ncompatibility: " + "x".repeat(550)
						+ "\n---\nBody\n"))
			.containsExactly("error: Compatibility exceeds 500 character limit (550 chars)");
	}

	@Test
	void emptyCompatibilityIsAnError() throws IOException {
		assertThat(validate("empty-compat", """
				---
				name: empty-compat
				description: Empty compatibility
				compatibility: ""
				---
				Body
				""")).containsExactly("error: Field 'compatibility' must not be empty (1-500 characters)");
	}

	@Test
	void decomposedNameMatchesComposedFolder() throws IOException {
		assertThat(validate("caf\u00e9", skillMd("cafe\u0301", "Accent written as a combining mark"))).isEmpty();
	}

	@Test
	void nameOf64CodePointsIsValid() throws IOException {
		String name = "\uD840\uDC00".repeat(24) + "a".repeat(40);
		assertThat(name).hasSize(88);
		assertThat(validate(name, skillMd(name, "64 code points, 88 chars"))).isEmpty();
	}

	@Test
	void nameOf65CodePointsExceedsTheLimit() throws IOException {
		String name = "\uD840\uDC00".repeat(25) + "a".repeat(40);
		assertThat(validate(name, skillMd(name, "65 code points")))
			.containsExactly("error: Skill name '" + name + "' exceeds 64 character limit (65 chars)");
	}

	@Test
	void description1024EmojiIsValid() throws IOException {
		String description = "💡".repeat(1024);
		assertThat(description).hasSize(2048);
		assertThat(validate("emoji", skillMd("emoji", description))).isEmpty();
	}

	@Test
	void literalBlockCountsFinalNewline() throws IOException {
		String line = "y".repeat(1024);
		assertThat(validate("block-desc", "---\nname: block-desc\ndescription: |\n  " + line + "\n---\nBody\n"))
			.containsExactly("error: Description exceeds 1024 character limit (1025 chars)");
	}

	@Test
	void titleCaseNameWithSpaceIsThreeErrors() throws IOException {
		assertThat(validate("ahrefs-automation", skillMd("Ahrefs Automation", "Automates SEO reports")))
			.containsExactly("error: Skill name 'Ahrefs Automation' must be lowercase",
					"error: Skill name 'Ahrefs Automation' " + INVALID_CHARACTERS,
					"error: Directory name 'ahrefs-automation' must match skill name 'Ahrefs Automation'");
	}

	@Test
	void missingNameIsAnError() throws IOException {
		assertThat(validate("no-name", """
				---
				description: Only a description
				---
				Body
				""")).containsExactly("error: Missing required field in frontmatter: name");
	}

	@Test
	void missingDescriptionIsAnError() throws IOException {
		assertThat(validate("no-description", """
				---
				name: no-description
				---
				Body
				""")).containsExactly("error: Missing required field in frontmatter: description");
	}

	@Test
	void nameThatIsNotTextIsAnError() throws IOException {
		assertThat(validate("list-name", """
				---
				name: [list, name]
				description: The name is a list
				---
				Body
				""")).containsExactly("error: Field 'name' must be a non-empty string");
	}

	@Test
	void blankDescriptionIsAnError() throws IOException {
		assertThat(validate("blank", """
				---
				name: blank
				description: ""
				---
				Body
				""")).containsExactly("error: Field 'description' must be a non-empty string");
	}

	@Test
	void compatibilityThatIsNotTextIsAnError() throws IOException {
		assertThat(validate("list-compat", """
				---
				name: list-compat
				description: Compatibility as a list
				compatibility: [linux, macos]
				---
				Body
				""")).containsExactly("error: Field 'compatibility' must be a string");
	}

	@Test
	void unquotedColonErrorSaysWhatToQuote() throws IOException {
		assertThat(validate("colon", """
				---
				name: colon
				description: Use this skill when: the user asks
				---
				Body
				"""))
			.containsExactly("error: Invalid YAML in frontmatter: mapping values are not allowed here (line 3). "
					+ "Quote the value of description (for example description: \"Use when: ...\"); runtimes read "
					+ "it only after quoting it");
	}

	@Test
	void missingFrontmatterIsTheOnlyError() throws IOException {
		assertThat(validate("Bad_Name", "# No frontmatter\n"))
			.containsExactly("error: SKILL.md must start with YAML frontmatter (---)");
	}

	@Test
	void duplicateNameKeyIsAnError() throws IOException {
		assertThat(validate("twice", """
				---
				name: twice
				description: Named twice
				name: twice
				---
				Body
				"""))
			.containsExactly("error: Invalid YAML in frontmatter: duplicate key: found duplicate key name (line 4)");
	}

	@Test
	void extensionFieldsAreErrorsListedSorted() throws IOException {
		assertThat(validate("release-helper", """
				---
				name: release-helper
				description: Prepares a release
				when_to_use: When the user says "cut a release"
				version: 2.1.0
				author: Dana Okafor
				tags: [release, git]
				argument-hint: "[version]"
				disable-model-invocation: true
				---
				Body
				""")).containsExactly("error: Unexpected fields in frontmatter: argument-hint, author, "
				+ "disable-model-invocation, tags, version, when_to_use. " + ONLY_SPEC_FIELDS);
	}

	@Test
	void allowedExtensionsAreOnlyWarnings() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "scoped", """
				---
				name: scoped
				description: Uses both known extensions
				when_to_use: When asked to scope tools
				disallowed-tools: Bash
				version: 1
				---
				Body
				""");
		assertThat(TestTexts.messages(SkillValidator.validate(dir, true))).containsExactly(
				"error: Unexpected fields in frontmatter: version. " + ONLY_SPEC_FIELDS,
				"warning: Field 'disallowed-tools' is an extension outside the specification",
				"warning: Field 'when_to_use' is an extension outside the specification");
		assertThat(TestTexts.messages(SkillValidator.validate(dir, false))).containsExactly(
				"error: Unexpected fields in frontmatter: disallowed-tools, version, when_to_use. " + ONLY_SPEC_FIELDS);
	}

	@Test
	void descriptionOf1929CharactersIsAnError() throws IOException {
		assertThat(validate("long-description", skillMd("long-description", TestTexts.prose(1929))))
			.containsExactly("error: Description exceeds 1024 character limit (1929 chars)");
	}

	@Test
	void bodyOf1077LinesIsAWarning() throws IOException {
		String body = TestTexts.numberedLines(1077);
		assertThat(validate("long-body", "---\nname: long-body\ndescription: Long body\n---\n" + body + "\n"))
			.containsExactly("warning: SKILL.md body has 1077 lines; keep it under 500 and move details to references/",
					"warning: SKILL.md body is about " + body.length() / 4 + " tokens; keep it under 5000");
	}

	@Test
	void bodyOf500LinesIsNotAWarning() throws IOException {
		assertThat(validate("five-hundred", "---\nname: five-hundred\ndescription: Exactly at the limit\n---\n"
				+ TestTexts.numberedLines(500) + "\n"))
			.isEmpty();
	}

	@Test
	void bodyOver5000TokensIsAWarning() throws IOException {
		String body = ("abcd".repeat(2_000) + "\n").repeat(3);
		assertThat(validate("wordy", "---\nname: wordy\ndescription: Long lines\n---\n" + body))
			.containsExactly("warning: SKILL.md body is about 6000 tokens; keep it under 5000");
	}

	@Test
	void nonStringMetadataValuesAreErrors() throws IOException {
		assertThat(validate("nested-metadata", """
				---
				name: nested-metadata
				description: Nested metadata
				metadata:
				  clawdbot:
				    a: b
				  keywords: [x, y]
				  version: 1.10
				---
				Body
				""")).containsExactly("error: Field 'metadata.clawdbot' must be a string",
				"error: Field 'metadata.keywords' must be a string");
	}

	@Test
	void metadataThatIsNotAMappingIsAnError() throws IOException {
		assertThat(validate("flat-metadata", """
				---
				name: flat-metadata
				description: Metadata as text
				metadata: author Lee
				---
				Body
				""")).containsExactly("error: Field 'metadata' must be a mapping of string keys to string values");
	}

	@Test
	void allowedToolsAsListIsAWarning() throws IOException {
		assertThat(validate("list-tools", """
				---
				name: list-tools
				description: Tools as a list
				allowed-tools: [Read, Bash]
				---
				Body
				""")).containsExactly("warning: Field 'allowed-tools' should be a space-separated string");
	}

	@Test
	void lowerCaseSkillMdIsAWarning() throws IOException {
		Path dir = Files.createDirectory(this.root.resolve("lower-file"));
		SkillFixtures.file(dir, "skill.md", skillMd("lower-file", "Lower-case file name"));
		assertThat(TestTexts.messages(SkillValidator.validate(dir, false)))
			.containsExactly("warning: Found skill.md; the file should be named SKILL.md");
	}

	@Test
	void missingReferencedFilesAreWarnings() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "linked", """
				---
				name: linked
				description: Links to bundled files
				---
				See [the guide](references/guide.md) and [the form](references/form.md#fields).
				Run scripts/fill.py, then look at assets/logo.png.
				Online help is at [the site](https://example.com/help) and [mail](mailto:help@example.com).
				The script lives in {baseDir}/scripts/other.py and ${CLAUDE_SKILL_DIR}/scripts/more.py.
				""");
		SkillFixtures.file(dir, "references/guide.md", "# Guide\n");
		SkillFixtures.file(dir, "scripts/fill.py", "print('fill')\n");
		assertThat(TestTexts.messages(SkillValidator.validate(dir, false))).containsExactly(
				"warning: Referenced file does not exist: references/form.md",
				"warning: Referenced file does not exist: assets/logo.png");
	}

	@Test
	void diagnosticReadsSeverityFileMessage() throws IOException {
		Path dir = SkillFixtures.rawSkill(this.root, "SQL", skillMd("SQL", "Writes SQL"));
		List<SkillDiagnostic> diagnostics = SkillValidator.validate(dir, false);
		assertThat(diagnostics).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.skillName()).isEqualTo("SQL");
			assertThat(diagnostic)
				.hasToString("error: " + dir.resolve("SKILL.md") + ": Skill name 'SQL' must be lowercase");
		});
	}

	private List<String> validate(String folder, String content) throws IOException {
		return TestTexts.messages(SkillValidator.validate(SkillFixtures.rawSkill(this.root, folder, content), false));
	}

	private static String skillMd(String name, String description) {
		return "---\nname: " + name + "\ndescription: " + description + "\n---\n# " + name + "\n";
	}

}
