package dev.skills.core.activation;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conversation ids of any length cost bounded memory: a long id is kept as its hash.
 */
class ConversationKeyTests {

	@Test
	void whenAnIdIsAtMost256CharactersThenItIsKeptAsItIs() {
		String id = "c".repeat(256);

		assertThat(ActiveSkillsRepository.conversationKey(id)).isSameAs(id);
	}

	@Test
	void whenAnIdIsLongerThenItIsKeptAsItsHashAlwaysTheSame() {
		String id = "c".repeat(257);

		assertThat(ActiveSkillsRepository.conversationKey(id)).startsWith("sha-256:")
			.hasSize(8 + 64)
			.isEqualTo(ActiveSkillsRepository.conversationKey(id));
		assertThat(ActiveSkillsRepository.conversationKey(id + "x"))
			.isNotEqualTo(ActiveSkillsRepository.conversationKey(id));
	}

	@Test
	void whenAStoreIsGivenHugeIdsThenItKeepsOnlyTheirHashesAndStillFindsThem() {
		InMemoryActiveSkillsRepository store = new InMemoryActiveSkillsRepository(1_000);
		String padding = "x".repeat(100_000);
		for (int i = 0; i < 1_000; i++) {
			store.activate(i + padding, new ActiveSkill("pdf", Instant.EPOCH));
		}

		assertThat(store.findAll(1_000)).hasSize(1_000)
			.allSatisfy((id, skills) -> assertThat(id)
				.hasSizeLessThanOrEqualTo(ActiveSkillsRepository.MAX_CONVERSATION_ID_LENGTH));
		assertThat(store.findByConversationId("7" + padding)).extracting(ActiveSkill::name).containsExactly("pdf");
		store.deleteByConversationId("7" + padding);
		assertThat(store.findByConversationId("7" + padding)).isEmpty();
	}

}
