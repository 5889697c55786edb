package dev.skills.spring.ai.set;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A resolver names the set of requests without the context key; the key wins.
 */
class SetResolverTests {

	@TempDir
	Path root;

	@Test
	void resolverNamesSetKeyWins() {
		SkillFixtures.skill(this.root, "acme-invoice", "Acme invoices.", "A");
		SkillFixtures.skill(this.root, "globex-invoice", "Globex invoices.", "G");
		try (SkillsRegistry registry = TestRegistries.of(this.root)) {
			SkillSets sets = SkillSets.of(List.of(SkillSet.of("acme", "acme-*"), SkillSet.of("globex", "globex-*")),
					null);
			ScriptedChatModel model = new ScriptedChatModel().thenAnswer("1").thenAnswer("2");
			SkillsAdvisor advisor = SkillsAdvisor.builder(SkillsTools.builder(registry).skillSets(sets).build())
				.skillSetResolver((request) -> "globex")
				.build();
			ChatClient client = ChatClient.builder(model).defaultAdvisors(advisor).build();

			client.prompt().user("one").call().content();
			client.prompt().user("two").advisors((a) -> a.param(SkillsAdvisor.SKILL_SET, "acme")).call().content();

			assertThat(Prompts.allText(model.prompts().get(0))).contains("globex-invoice").doesNotContain("acme");
			assertThat(Prompts.allText(model.prompts().get(1))).contains("acme-invoice").doesNotContain("globex");
			advisor.close();
		}
	}

}
