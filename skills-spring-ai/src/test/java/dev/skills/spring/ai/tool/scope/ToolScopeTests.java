package dev.skills.spring.ai.tool.scope;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.skills.core.Skill;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.RecordingTool;
import dev.skills.spring.ai.Skills;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.tool.SkillToolDefinitions;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.tool.ToolCallback;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Narrowing a tool pool: first the caller's choice (none, all, names), then the skills'
 * rules; the skill tools always stay.
 */
class ToolScopeTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	List<ToolCallback> pool = new ArrayList<>();

	Skill reader;

	Skill noShell;

	@BeforeEach
	void pool() {
		this.reader = Skills
			.load(SkillFixtures.skillWithFrontmatter(this.root, "reader", "allowed-tools: Read Grep", "Only read."));
		this.noShell = Skills
			.load(SkillFixtures.skillWithFrontmatter(this.root, "no-shell", "disallowed-tools: [Bash]", "No shell."));
		SkillFixtures.write(this.root.resolve("reader/references/R.md"), "r");
		this.registry = TestRegistries.of(this.root);
		List<ToolCallback> skillTools = SkillsTools.builder(this.registry)
			.activeSkillsRepository(new InMemoryActiveSkillsRepository())
			.build()
			.toolSet(this.registry.snapshot(), null)
			.all();
		this.pool.add(new RecordingTool("Read"));
		this.pool.addAll(skillTools);
		this.pool.add(new RecordingTool("Grep"));
		this.pool.add(new RecordingTool("Bash"));
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	static List<String> names(List<ToolCallback> tools) {
		return tools.stream().map((tool) -> tool.getToolDefinition().name()).toList();
	}

	@Test
	void noToolsChosenLeavesOnlyTheSkillTools() {
		assertThat(names(ToolScope.scope(this.pool, UseTools.none(), List.of()))).containsExactly("activate_skill",
				"read_skill_resource");
	}

	@Test
	void allSelectsTheWholePoolInPoolOrder() {
		assertThat(names(ToolScope.scope(this.pool, UseTools.all(), List.of()))).containsExactly("Read",
				"activate_skill", "read_skill_resource", "Grep", "Bash");
	}

	@Test
	void namesSelectThoseToolsAndIgnoreUnknownOnes() {
		assertThat(names(ToolScope.scope(this.pool, UseTools.only("Bash", "Read", "WebFetch"), List.of())))
			.containsExactly("Read", "activate_skill", "read_skill_resource", "Bash");
	}

	@Test
	void allowedToolsNarrowTheChoice() {
		assertThat(names(ToolScope.scope(this.pool, UseTools.all(), List.of(this.reader.meta()))))
			.containsExactly("Read", "activate_skill", "read_skill_resource", "Grep");
		assertThat(names(ToolScope.scope(this.pool, UseTools.only("Read", "Bash"), List.of(this.reader.meta()))))
			.containsExactly("Read", "activate_skill", "read_skill_resource");
	}

	@Test
	void disallowedToolsAreRemovedFromTheChoice() {
		assertThat(names(ToolScope.scope(this.pool, UseTools.all(), List.of(this.noShell.meta()))))
			.containsExactly("Read", "activate_skill", "read_skill_resource", "Grep");
	}

	@Test
	void skillToolsStayEvenWhenASkillsRulesWouldExcludeThem() {
		assertThat(names(ToolScope.scope(this.pool, UseTools.none(), List.of(this.reader.meta(), this.noShell.meta()))))
			.containsExactly("activate_skill", "read_skill_resource");
	}

	@Test
	void scopeToolsAppliesTheRulesOfTheGivenSkills() {
		assertThat(names(Skills.scopeTools(this.pool, UseTools.all(), List.of(this.reader, this.noShell))))
			.containsExactly("Read", "activate_skill", "read_skill_resource", "Grep");
		assertThat(names(Skills.scopeTools(this.pool, UseTools.only("Bash", "Grep"), List.of())))
			.containsExactly("activate_skill", "read_skill_resource", "Grep", "Bash");
		assertThat(names(Skills.scopeTools(this.pool, UseTools.none(), List.of(this.reader))))
			.containsExactly("activate_skill", "read_skill_resource");
	}

	@Test
	void aSkillMadeInCodeWithAnEmptyAllowedToolsListAllowsNoToolButTheSkillTools() {
		Skill locked = Skill.builder("locked", "Uses no tool.").allowedTools(List.of()).build();
		Skill lockedByVarargs = Skill.builder("locked", "Uses no tool.").allowedTools().build();

		assertThat(names(Skills.scopeTools(this.pool, UseTools.all(), List.of(locked))))
			.containsExactly("activate_skill", "read_skill_resource");
		assertThat(names(Skills.scopeTools(this.pool, UseTools.all(), List.of(lockedByVarargs))))
			.containsExactly("activate_skill", "read_skill_resource");
		assertThat(names(Skills.scopeTools(this.pool, UseTools.all(),
				List.of(Skill.builder("open", "Any tool.").allowedTools((List<String>) null).build()))))
			.hasSize(this.pool.size());
	}

	@Test
	void anEmptyAllowedToolsInAFileIsNotSetAndRestrictsNothing() {
		Skill flow = Skills
			.load(SkillFixtures.skillWithFrontmatter(this.root, "flow-empty", "allowed-tools: []", "Body."));
		Skill blank = Skills
			.load(SkillFixtures.skillWithFrontmatter(this.root, "blank-empty", "allowed-tools:", "Body."));

		assertThat(flow.meta().allowedTools()).isNull();
		assertThat(blank.meta().allowedTools()).isNull();
		assertThat(names(Skills.scopeTools(this.pool, UseTools.all(), List.of(flow, blank)))).hasSize(this.pool.size());
	}

	@Test
	void useToolsAcceptsTeffsBooleansForAllAndNone() {
		assertThat(UseTools.of(true)).isEqualTo(UseTools.all());
		assertThat(UseTools.of(false)).isEqualTo(UseTools.none());
		assertThat(names(Skills.scopeTools(this.pool, UseTools.of(false), List.of())))
			.isEqualTo(names(Skills.scopeTools(this.pool, UseTools.none(), List.of())));
	}

	@Test
	void aNullChoiceMeansNoToolsNotAnError() {
		assertThat(names(Skills.scopeTools(this.pool, null, List.of()))).containsExactly("activate_skill",
				"read_skill_resource");
		assertThat(names(Skills.scopeTools(this.pool, UseTools.of(null), List.of()))).containsExactly("activate_skill",
				"read_skill_resource");
	}

	@Test
	void allOrStarInAnyCaseSelectsTheWholePool() {
		for (String all : List.of("all", "ALL", "All", "*")) {
			assertThat(names(Skills.scopeTools(this.pool, UseTools.of(all), List.of()))).as(all)
				.hasSize(this.pool.size());
		}
	}

	@Test
	void aListNamingAllMeansTheToolCalledAll() {
		this.pool.add(new RecordingTool("all"));

		assertThat(names(Skills.scopeTools(this.pool, UseTools.of(List.of("all")), List.of())))
			.containsExactly("activate_skill", "read_skill_resource", "all");
		assertThat(names(Skills.scopeTools(this.pool, UseTools.only("all", "Grep"), List.of())))
			.containsExactly("activate_skill", "read_skill_resource", "Grep", "all");
	}

	@Test
	void aToolNameIsKeptAsWritten() {
		this.pool.add(new RecordingTool(" plot "));

		assertThat(names(Skills.scopeTools(this.pool, UseTools.of("Grep"), List.of())))
			.containsExactly("activate_skill", "read_skill_resource", "Grep");
		assertThat(names(Skills.scopeTools(this.pool, UseTools.of(" plot "), List.of())))
			.containsExactly("activate_skill", "read_skill_resource", " plot ");
		assertThat(UseTools.of(" Grep").includes("Grep")).isFalse();
	}

	@Test
	void anArrayIsReadLikeAList() {
		assertThat(names(Skills.scopeTools(this.pool, UseTools.of(new String[] { "Grep", "Read" }), List.of())))
			.isEqualTo(names(Skills.scopeTools(this.pool, UseTools.of(List.of("Grep", "Read")), List.of())));
		assertThat(UseTools.of(new Object[] { "Grep" }).includes("Grep")).isTrue();
	}

	@Test
	void anyOtherTypeMeansNoTools() {
		for (Object other : List.of(42, 1.5, Map.of("all", true), new Object())) {
			assertThat(names(Skills.scopeTools(this.pool, UseTools.of(other), List.of()))).as(String.valueOf(other))
				.containsExactly("activate_skill", "read_skill_resource");
		}
	}

	@Test
	void theScopedToolsAreThePoolsOwnInstances() {
		List<ToolCallback> scoped = ToolScope.scope(this.pool, UseTools.all(), List.of());

		assertThat(scoped).hasSize(this.pool.size());
		for (int i = 0; i < scoped.size(); i++) {
			assertThat(scoped.get(i)).isSameAs(this.pool.get(i));
		}
	}

	@Test
	void onlyActivateSkillAndReadSkillResourceAreSkillTools() {
		assertThat(SkillToolDefinitions.isSkillTool("activate_skill")).isTrue();
		assertThat(SkillToolDefinitions.isSkillTool("read_skill_resource")).isTrue();
		assertThat(SkillToolDefinitions.isSkillTool("Read")).isFalse();
		assertThat(SkillToolDefinitions.isSkillTool("activate_skills")).isFalse();
	}

}
