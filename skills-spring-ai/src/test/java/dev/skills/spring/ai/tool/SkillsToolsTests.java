package dev.skills.spring.ai.tool;

import java.nio.file.Path;
import java.util.Map;

import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skill tools on their own, as an MCP server or a ChatClient without the advisor uses
 * them.
 */
class SkillsToolsTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

	SkillsTools tools;

	@BeforeEach
	void skills() {
		SkillFixtures.skillWithFrontmatter(this.root, "alpha", "", "Alpha body.");
		Path beta = SkillFixtures.skill(this.root, "beta");
		SkillFixtures.write(beta.resolve("references/B.md"), "bee");
		this.registry = TestRegistries.of(this.root);
		this.tools = SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build();
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	@Test
	void activationWithoutTheAdvisorReturnsTheContentAndRecordsNothing() {
		ToolCallback activate = this.tools.toolSet(this.registry.snapshot(), null).activate();

		assertThat(activate.call("{\"skill_name\":\"alpha\"}"))
			.isEqualTo("<skill_content name=\"alpha\">\nAlpha body.\n</skill_content>");
		assertThat(activate.call("{\"skill_name\":\"alpha\"}")).startsWith("<skill_content name=\"alpha\">");
		assertThat(this.activeSkills.findAll(10)).isEmpty();
	}

	@Test
	void aFileReadWithoutTheAdvisorReturnsTheFile() {
		ToolCallback read = this.tools.toolSet(this.registry.snapshot(), null).read();

		assertThat(read.call("{\"skill_name\":\"beta\",\"path\":\"references/B.md\"}")).isEqualTo("bee");
	}

	@Test
	void theToolSetIsBuiltOncePerGeneration() {
		SkillToolSet first = this.tools.toolSet(this.registry.snapshot(), null);

		assertThat(this.tools.toolSet(this.registry.snapshot(), null)).isSameAs(first);
		assertThat(first.generation()).isEqualTo(this.registry.snapshot().generation());
	}

	@Test
	void theToolsOfASnapshotCanBeBuiltAfterALaterReloadRemovedOneOfItsSkills() {
		SkillsSnapshot older = this.registry.snapshot();
		FileSystemUtils.deleteRecursively(this.root.resolve("beta").toFile());
		this.registry.reload();

		SkillToolSet set = this.tools.toolSet(older, null);

		assertThat(set.generation()).isEqualTo(older.generation());
		assertThat(Prompts.enumOf(set.activate().getToolDefinition())).containsExactly("alpha", "beta");
		// The snapshot keeps the files it listed; the folder is gone, so a read finds
		// none.
		ToolCallback read = this.tools.scopedTo(older, "beta").get(0);
		assertThat(read.call("{\"skill_name\":\"beta\",\"path\":\"references/B.md\"}",
				new ToolContext(Map.of(SkillsToolContext.SNAPSHOT, older))))
			.startsWith("Skill 'beta' has no file 'references/B.md'.");
	}

	@Test
	void aSessionReadToolIsScopedToItsSkillAndKeptForTheGeneration() {
		SkillsSnapshot snapshot = this.registry.snapshot();
		ToolCallback read = this.tools.scopedTo(snapshot, "beta").get(0);

		assertThat(this.tools.scopedTo(snapshot, "beta")).containsExactly(read);
		assertThat(this.tools.scopedTo(snapshot, "alpha")).isEmpty();
		assertThat(Prompts.enumOf(read.getToolDefinition())).containsExactly("beta");
		assertThat(read.call("{\"skill_name\":\"alpha\",\"path\":\"SKILL.md\"}"))
			.isEqualTo("Error: only the files of skill 'beta' can be read in this session.");
	}

}
