package dev.skills.core.activation;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Conversation ids of any length cost bounded memory: a long id is kept as its hash.
 */
class ConversationKeyTests {

	@Test
	void idOfAtMost256CharsIsKept() {
		String id = "c".repeat(256);

		assertThat(ActiveSkillsRepository.conversationKey(id)).isSameAs(id);
	}

	@Test
	void longerIdIsKeptAsItsStableHash() {
		String id = "c".repeat(257);

		assertThat(ActiveSkillsRepository.conversationKey(id)).startsWith("sha-256:")
			.hasSize(8 + 64)
			.isEqualTo(ActiveSkillsRepository.conversationKey(id));
		assertThat(ActiveSkillsRepository.conversationKey(id + "x"))
			.isNotEqualTo(ActiveSkillsRepository.conversationKey(id));
	}

	@Test
	void shortIdSpellingAHashIsAnotherKey() {
		String victim = "c".repeat(300);
		String spelled = ActiveSkillsRepository.conversationKey(victim);
		InMemoryActiveSkillsRepository store = new InMemoryActiveSkillsRepository();
		store.activate(victim, new ActiveSkill("secret", Instant.EPOCH));

		assertThat(ActiveSkillsRepository.conversationKey(spelled)).isNotEqualTo(spelled).startsWith("sha-256:");
		assertThat(store.findByConversationId(spelled)).isEmpty();
		assertThat(store.findByConversationId(victim)).extracting(ActiveSkill::name).containsExactly("secret");
	}

	@Test
	void unpairedSurrogateIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> ActiveSkillsRepository.conversationKey("c\uD800x"))
			.withMessageContaining("unpaired surrogate (U+D800 at index 1)");
		assertThatIllegalArgumentException().isThrownBy(() -> ActiveSkillsRepository.conversationKey("c\uDC00"));
		assertThat(ActiveSkillsRepository.conversationKey("c\uD83D\uDCA1")).isEqualTo("c\uD83D\uDCA1");
	}

	@Test
	void storeKeepsHashesOfHugeIdsAndFindsThem() {
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
