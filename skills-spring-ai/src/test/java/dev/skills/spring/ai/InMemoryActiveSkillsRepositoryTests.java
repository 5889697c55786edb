package dev.skills.spring.ai;

import java.time.Instant;

import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The default active-skill store, beyond the contract every store keeps
 * ({@code ActiveSkillsRepositoryContract} in skills-core): bounded by conversations used
 * least recently.
 */
class InMemoryActiveSkillsRepositoryTests {

	static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	static ActiveSkill skill(String name, int second) {
		return new ActiveSkill(name, T0.plusSeconds(second));
	}

	@Test
	void theConversationUsedLeastRecentlyIsForgottenBeyondTheLimit() {
		InMemoryActiveSkillsRepository repository = new InMemoryActiveSkillsRepository(2);
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c2", skill("pdf", 2));
		repository.activate("c3", skill("pdf", 3));

		assertThat(repository.findByConversationId("c1")).isEmpty();
		assertThat(repository.findByConversationId("c2")).hasSize(1);
		assertThat(repository.findByConversationId("c3")).hasSize(1);
	}

	@Test
	void aNewActivationKeepsAConversationFromBeingForgotten() {
		InMemoryActiveSkillsRepository repository = new InMemoryActiveSkillsRepository(2);
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c2", skill("pdf", 2));
		repository.activate("c1", skill("csv", 3));
		repository.activate("c3", skill("pdf", 4));

		assertThat(repository.findAll(10)).containsOnlyKeys("c3", "c1");
	}

	@Test
	void readingAConversationDoesNotKeepItFromBeingForgotten() {
		InMemoryActiveSkillsRepository repository = new InMemoryActiveSkillsRepository(2);
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c2", skill("pdf", 2));
		repository.findByConversationId("c1");
		repository.activate("c3", skill("pdf", 3));

		assertThat(repository.findAll(10)).containsOnlyKeys("c3", "c2");
	}

	@Test
	void theLimitMustBePositive() {
		assertThatIllegalArgumentException().isThrownBy(() -> new InMemoryActiveSkillsRepository(0))
			.withMessageContaining("maxConversations");
	}

	@Test
	void theToolsRecordToTheRepositoryTheyAreGiven(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root) {
		SkillFixtures.skill(root, "pdf");
		InMemoryActiveSkillsRepository repository = new InMemoryActiveSkillsRepository(1);
		repository.activate("c1", skill("pdf", 1));
		try (var registry = TestRegistries.of(root)) {
			SkillsTools tools = SkillsTools.builder(registry).activeSkillsRepository(repository).build();

			assertThat(tools.activeSkillsRepository()).isSameAs(repository);
		}
	}

	@Test
	void removingASkillEverywhereIsNotAUseOfTheConversationsItLeaves() {
		InMemoryActiveSkillsRepository repository = new InMemoryActiveSkillsRepository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c1", skill("csv", 2));
		repository.activate("c2", skill("pdf", 3));
		repository.activate("c3", skill("charts", 4));

		repository.deleteBySkillName("pdf");

		assertThat(repository.findAll(10).keySet()).containsExactly("c3", "c1");
		assertThat(repository.findByConversationId("c1")).containsExactly(skill("csv", 2));
	}

}
