package dev.skills.core.activation;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What every {@link ActiveSkillsRepository} does, whatever keeps the state: a store
 * passes by extending this class and saying how to make an empty one.
 */
public abstract class ActiveSkillsRepositoryContract {

	/** A fixed start, so that activation times compare exactly. */
	protected static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	/**
	 * An empty store; called once per test.
	 * @return the store under test
	 */
	protected abstract ActiveSkillsRepository repository();

	/**
	 * A skill activated {@code second} seconds after {@link #T0}.
	 * @param name the skill
	 * @param second seconds after T0
	 * @return the active skill
	 */
	protected static ActiveSkill skill(String name, int second) {
		return new ActiveSkill(name, T0.plusSeconds(second));
	}

	@Test
	void skillsKeptInActivationOrder() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c2", skill("csv", 2));
		repository.activate("c1", skill("charts", 3));

		assertThat(repository.findByConversationId("c1")).containsExactly(skill("pdf", 1), skill("charts", 3));
		assertThat(repository.findByConversationId("c2")).containsExactly(skill("csv", 2));
		assertThat(repository.findByConversationId("c3")).isEmpty();
	}

	@Test
	void reactivationKeepsFirstTimeAndPlace() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c1", skill("csv", 2));
		repository.activate("c1", skill("pdf", 3));

		assertThat(repository.findByConversationId("c1")).containsExactly(skill("pdf", 1), skill("csv", 2));
	}

	@Test
	void reactivationMakesConversationRecent() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c2", skill("pdf", 2));
		repository.activate("c1", skill("pdf", 3));

		assertThat(repository.findAll(10).keySet()).containsExactly("c1", "c2");
	}

	@Test
	void readingDoesNotMakeConversationRecent() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c2", skill("pdf", 2));

		repository.findByConversationId("c1");
		repository.findAll(10);

		assertThat(repository.findAll(10).keySet()).containsExactly("c2", "c1");
	}

	@Test
	void findAllListsRecentFirstUpToLimit() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c2", skill("csv", 2));
		repository.activate("c3", skill("charts", 3));
		repository.activate("c1", skill("csv", 4));

		assertThat(repository.findAll(10).keySet()).containsExactly("c1", "c3", "c2");
		assertThat(repository.findAll(2).keySet()).containsExactly("c1", "c3");
		assertThat(repository.findAll(0)).isEmpty();
		assertThat(repository.findAll(10).get("c1")).containsExactly(skill("pdf", 1), skill("csv", 4));
	}

	@Test
	void deactivationDropsSkillThenConversation() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c1", skill("csv", 2));

		repository.deactivate("c1", "pdf");
		assertThat(repository.findByConversationId("c1")).containsExactly(skill("csv", 2));

		repository.deactivate("c1", "csv");
		assertThat(repository.findByConversationId("c1")).isEmpty();
		assertThat(repository.findAll(10)).isEmpty();

		repository.deactivate("unknown", "pdf");
		assertThat(repository.findAll(10)).isEmpty();
	}

	@Test
	void deletedSkillLeavesEveryConversation() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c1", skill("csv", 2));
		repository.activate("c2", skill("pdf", 3));
		repository.activate("c3", skill("charts", 4));

		repository.deleteBySkillName("pdf");

		assertThat(repository.findAll(10)).containsOnlyKeys("c1", "c3");
		assertThat(repository.findByConversationId("c1")).containsExactly(skill("csv", 2));
		assertThat(repository.findByConversationId("c2")).isEmpty();
	}

	@Test
	void deletingConversationForgetsItsSkills() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		repository.activate("c1", skill("csv", 2));
		repository.activate("c2", skill("pdf", 3));

		repository.deleteByConversationId("c1");

		assertThat(repository.findAll(10)).containsOnlyKeys("c2");
		assertThat(repository.findByConversationId("c1")).isEmpty();
	}

	@Test
	void idsAndNamesAreKeptAsWritten() {
		ActiveSkillsRepository repository = repository();
		String longId = "c".repeat(255) + "é";
		repository.activate(longId, skill("навык", 1));
		repository.activate("Conversation 'quoted'; DROP", skill("技能", 2));
		repository.activate("conversation 'quoted'; drop", skill("pdf", 3));

		assertThat(repository.findByConversationId(longId)).containsExactly(skill("навык", 1));
		assertThat(repository.findByConversationId("Conversation 'quoted'; DROP")).containsExactly(skill("技能", 2));
		assertThat(repository.findAll(10)).containsOnlyKeys(longId, "Conversation 'quoted'; DROP",
				"conversation 'quoted'; drop");
	}

	@Test
	void shortIdSpellingALongKeyFindsNothing() {
		ActiveSkillsRepository repository = repository();
		String victim = "v".repeat(300);
		repository.activate(victim, skill("secret", 1));

		String spelled = ActiveSkillsRepository.conversationKey(victim);
		assertThat(repository.findByConversationId(spelled)).isEmpty();
		repository.activate(spelled, skill("pdf", 2));
		assertThat(repository.findByConversationId(victim)).containsExactly(skill("secret", 1));
		assertThat(repository.findByConversationId(spelled)).containsExactly(skill("pdf", 2));
	}

	@Test
	void unpairedSurrogateIdIsRefused() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c?", skill("secret", 1));

		assertThatIllegalArgumentException().isThrownBy(() -> repository.activate("c\uD800", skill("pdf", 2)));
		assertThatIllegalArgumentException().isThrownBy(() -> repository.findByConversationId("c\uD800"));
		assertThat(repository.findByConversationId("c?")).containsExactly(skill("secret", 1));
	}

	@Test
	void activationTimesKeepMillisecondPrecision() {
		ActiveSkillsRepository repository = repository();
		ActiveSkill skill = new ActiveSkill("pdf", T0.plusMillis(1_234));
		repository.activate("c1", skill);

		assertThat(repository.findByConversationId("c1")).containsExactly(skill);
	}

	@Test
	void whatItReturnsCannotChangeWhatItHolds() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		List<ActiveSkill> skills = repository.findByConversationId("c1");
		Map<String, List<ActiveSkill>> all = repository.findAll(10);

		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> skills.add(skill("csv", 2)));
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> all.get("c1").add(skill("csv", 2)));
		all.clear();
		assertThat(repository.findByConversationId("c1")).containsExactly(skill("pdf", 1));
	}

}
