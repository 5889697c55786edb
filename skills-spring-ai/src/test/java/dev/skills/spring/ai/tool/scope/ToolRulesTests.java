package dev.skills.spring.ai.tool.scope;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.core.Preemptively;
import dev.skills.core.Skill;
import dev.skills.core.SkillMeta;
import dev.skills.spring.ai.Skills;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How allowed-tools and disallowed-tools entries name tools, and which skill forbids
 * what.
 */
class ToolRulesTests {

	@TempDir
	Path root;

	SkillMeta skill(String name, String frontmatter) {
		return Skills.load(SkillFixtures.skillWithFrontmatter(this.root, name, frontmatter, "Body.")).meta();
	}

	@Test
	void aPlainEntryNamesExactlyThatTool() {
		assertThat(ToolRules.matches("Read", "Read")).isTrue();
		assertThat(ToolRules.matches("Read", "ReadFile")).isFalse();
		assertThat(ToolRules.matches("Read", "FileRead")).isFalse();
		assertThat(ToolRules.matches(" Read ", "Read")).isTrue();
	}

	@Test
	void anArgumentPatternNamesTheToolBeforeIt() {
		assertThat(ToolRules.matches("Bash(git:*)", "Bash")).isTrue();
		assertThat(ToolRules.matches("Bash(git commit:*)", "Bash")).isTrue();
		assertThat(ToolRules.matches("Bash(git:*)", "BashOutput")).isFalse();
		assertThat(ToolRules.matches("Bash(git:*)", "git")).isFalse();
	}

	@Test
	void aStarIsAWildcard() {
		assertThat(ToolRules.matches("mcp__github__*", "mcp__github__create_issue")).isTrue();
		assertThat(ToolRules.matches("mcp__github__*", "mcp__github__")).isTrue();
		assertThat(ToolRules.matches("mcp__github__*", "mcp__gitlab__create_issue")).isFalse();
		assertThat(ToolRules.matches("mcp__github__*", "xmcp__github__create_issue")).isFalse();
		assertThat(ToolRules.matches("*_file", "read_file")).isTrue();
		assertThat(ToolRules.matches("mcp__*__search", "mcp__docs__search")).isTrue();
		assertThat(ToolRules.matches("mcp__*__search", "mcp__docs__fetch")).isFalse();
		assertThat(ToolRules.matches("*", "anything")).isTrue();
	}

	@Test
	void otherRegexCharactersAreLiteral() {
		assertThat(ToolRules.matches("web.fetch*", "web.fetch_page")).isTrue();
		assertThat(ToolRules.matches("web.fetch*", "webXfetch_page")).isFalse();
		assertThat(ToolRules.matches("a+b", "aab")).isFalse();
	}

	@Test
	void withoutSkillsEveryToolIsAllowed() {
		assertThat(ToolRules.allows(List.of(), "Bash")).isTrue();
		assertThat(ToolRules.denial(List.of(), "Bash")).isNull();
	}

	@Test
	void aSkillWithoutRulesAllowsEverything() {
		assertThat(ToolRules.allows(List.of(skill("free", "")), "Bash")).isTrue();
	}

	@Test
	void allowedToolsAllowOnlyTheToolsTheyName() {
		SkillMeta reader = skill("reader", "allowed-tools: Read Grep");

		assertThat(ToolRules.allows(List.of(reader), "Read")).isTrue();
		assertThat(ToolRules.allows(List.of(reader), "Grep")).isTrue();
		assertThat(ToolRules.denial(List.of(reader), "Bash"))
			.isEqualTo("tool 'Bash' is not in the allowed-tools of skill 'reader' (Read Grep)");
	}

	@Test
	void anEmptyAllowedToolsListAllowsNoToolAndSaysSo() {
		SkillMeta locked = Skill.builder("locked", "Uses no tool.").allowedTools(List.of()).build().meta();

		assertThat(ToolRules.denial(List.of(locked), "Read"))
			.isEqualTo("tool 'Read' is not allowed: skill 'locked' allows no tools");
	}

	@Test
	void disallowedToolsForbidTheToolsTheyName() {
		SkillMeta noShell = skill("no-shell", "disallowed-tools: [Bash, \"mcp__shell__*\"]");

		assertThat(ToolRules.allows(List.of(noShell), "Read")).isTrue();
		assertThat(ToolRules.denial(List.of(noShell), "Bash"))
			.isEqualTo("tool 'Bash' is disallowed by skill 'no-shell'");
		assertThat(ToolRules.allows(List.of(noShell), "mcp__shell__run")).isFalse();
	}

	@Test
	void severalSkillsIntersectTheirAllowedToolsAndAddUpTheirDisallowedTools() {
		SkillMeta reader = skill("reader", "allowed-tools: Read Grep");
		SkillMeta gitHelper = skill("git-helper", "allowed-tools: Bash(git:*) Read Grep");
		SkillMeta noGrep = skill("no-grep", "disallowed-tools: Grep");
		List<SkillMeta> active = List.of(reader, gitHelper, noGrep);

		assertThat(ToolRules.allows(active, "Read")).isTrue();
		assertThat(ToolRules.allows(active, "Grep")).isFalse();
		assertThat(ToolRules.denial(active, "Bash")).contains("skill 'reader'");
	}

	@Test
	void aDisallowingSkillIsNamedBeforeANarrowingOne() {
		SkillMeta reader = skill("reader", "allowed-tools: Read Grep");
		SkillMeta noShell = skill("no-shell", "disallowed-tools: Bash");

		assertThat(ToolRules.denial(List.of(reader, noShell), "Bash"))
			.isEqualTo("tool 'Bash' is disallowed by skill 'no-shell'");
	}

	@Test
	void aWildcardEntryOfManyStarsIsDecidedInLinearTime() {
		String entry = "a*".repeat(30) + "b";

		assertThat(Preemptively.within(Duration.ofSeconds(1), () -> ToolRules.matches(entry, "a".repeat(64))))
			.isFalse();
		assertThat(ToolRules.matches(entry, "a".repeat(64) + "b")).isTrue();
		assertThat(ToolRules.matches("a*b*c", "axxbyyc")).isTrue();
		assertThat(ToolRules.matches("a*b*c", "axxbyy")).isFalse();
		assertThat(ToolRules.matches("*search", "mcp__github__search")).isTrue();
	}

}
