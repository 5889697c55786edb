package dev.skills.spring.ai.set;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Set membership by include and exclude globs and tags, the default set, and unknown sets
 * failing closed.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillSetTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	@BeforeEach
	void skills() {
		SkillFixtures.skill(this.root, "support-faq");
		SkillFixtures.skill(this.root, "support-internal-keys");
		SkillFixtures.skill(this.root, "faq");
		SkillFixtures.skill(this.root, "billing-invoice");
		SkillFixtures.skillWithFrontmatter(this.root, "tagged-list", "metadata:\n  tags: [Customer, web]\n", "L");
		SkillFixtures.skillWithFrontmatter(this.root, "tagged-text", "metadata:\n  tags: internal, customer\n", "T");
		SkillFixtures.skillWithFrontmatter(this.root, "untagged", "metadata:\n  tags: internal\n", "U");
		this.registry = TestRegistries.of(this.root);
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	SkillsSnapshot view(SkillSet set) {
		return SkillSets.of(List.of(set), null).view(this.registry.snapshot(), set.name());
	}

	@Test
	void includeAndExcludeGlobs() {
		SkillSet support = new SkillSet("support", List.of("support-*", "faq"), List.of("support-internal-*"),
				List.of());
		assertThat(view(support).names()).containsExactly("faq", "support-faq");
	}

	@Test
	void noIncludeMeansEverySkill() {
		SkillSet all = new SkillSet("all-but", List.of(), List.of("*-*"), List.of());
		assertThat(view(all).names()).containsExactly("faq", "untagged");
	}

	@Test
	void tagsFromListOrText() {
		SkillSet customer = new SkillSet("customer", List.of(), List.of(), List.of("customer"));
		assertThat(view(customer).names()).containsExactly("tagged-list", "tagged-text");
	}

	@Test
	void globsMatchWholeNames() {
		assertThat(SkillSet.matches("a*b*c", "axxbyyc")).isTrue();
		assertThat(SkillSet.matches("a*b*c", "axxbyycd")).isFalse();
		assertThat(SkillSet.matches("*", "")).isTrue();
		assertThat(SkillSet.matches("ab*ba", "aba")).isFalse();
		assertThat(SkillSet.matches("faq", "faq-x")).isFalse();
		assertThat(SkillSet.matches("*-faq", "support-faq")).isTrue();
	}

	@Test
	void defaultSetForRequestsNamingNone() {
		SkillSets sets = SkillSets.of(List.of(SkillSet.of("billing", "billing-*")), "billing");
		SkillsSnapshot snapshot = this.registry.snapshot();
		assertThat(sets.view(snapshot, null).names()).containsExactly("billing-invoice");
		assertThat(SkillSets.NONE.view(snapshot, null)).isSameAs(snapshot);
		assertThat(sets.view(snapshot, "billing")).isSameAs(sets.view(snapshot, null));
	}

	@Test
	void unknownSetSeesNothing(CapturedOutput output) {
		SkillSets sets = SkillSets.of(List.of(SkillSet.of("billing", "billing-*")), null);
		SkillsSnapshot snapshot = this.registry.snapshot();
		assertThat(sets.view(snapshot, "nope").names()).isEmpty();
		assertThat(sets.view(snapshot, "nope").catalog()).doesNotContain("billing");
		assertThat(SkillSets.NONE.view(snapshot, "billing").names()).isEmpty();
		assertThat(output.getOut().split("Unknown skill set 'nope'", -1)).hasSize(2);
		assertThat(sets.tag("nope")).isEqualTo(SkillSets.UNKNOWN);
		assertThat(sets.tag(null)).isEqualTo(SkillSets.NO_SET);
		assertThat(sets.tag("billing")).isEqualTo("billing");
	}

	@Test
	void providerInSetCallsSeeTheSet() {
		SkillsTools tools = SkillsTools.builder(this.registry)
			.skillSets(SkillSets.of(List.of(SkillSet.of("billing", "billing-*")), null))
			.build();
		SkillsToolCallbackProvider all = new SkillsToolCallbackProvider(tools,
				SkillCatalog.builder(this.registry).build());
		ToolCallback activate = activate(all.inSet("billing"));
		assertThat(activate.getToolDefinition().inputSchema()).contains("billing-invoice").doesNotContain("faq");
		assertThat(activate.call("{\"skill_name\":\"billing-invoice\"}")).contains("Instructions of billing-invoice");
		assertThat(activate.call("{\"skill_name\":\"faq\"}"))
			.isEqualTo(activate.call("{\"skill_name\":\"fab\"}").replace("fab", "faq"));
		assertThat(activate(all).call("{\"skill_name\":\"faq\"}")).contains("Instructions of faq");
	}

	static ToolCallback activate(SkillsToolCallbackProvider provider) {
		return Arrays.stream(provider.getToolCallbacks())
			.filter((tool) -> tool.getToolDefinition().name().equals("activate_skill"))
			.findFirst()
			.orElseThrow();
	}

	@Test
	void requireNamesTheSetting() {
		SkillSets sets = SkillSets.of(List.of(SkillSet.of("billing", "billing-*")), null);
		assertThat(sets.require("skills.mcp.set", "billing").name()).isEqualTo("billing");
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> sets.require("skills.mcp.set", "biling"))
			.withMessage("skills.mcp.set is biling: there is no skill set of that name; set it to one of billing");
	}

	@Test
	void badDefinitionsRejected() {
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> SkillSets.of(List.of(SkillSet.of("a", "x")), "b"))
			.withMessageContaining("skills.default-set");
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> SkillSets.of(List.of(SkillSet.of("a", "x"), SkillSet.of("a", "y")), null));
		assertThatExceptionOfType(InvalidSkillSettingException.class).isThrownBy(() -> SkillSet.of(" "));
	}

}
