package dev.skills.boot.endpoint;

import java.time.Instant;

import dev.skills.boot.endpoint.ActiveSkillsEndpoint.ConversationDescriptor;
import dev.skills.boot.endpoint.ActiveSkillsEndpoint.ConversationsDescriptor;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ActiveSkillsEndpointTests {

	private final InMemoryActiveSkillsRepository repository = new InMemoryActiveSkillsRepository();

	private final ActiveSkillsEndpoint endpoint = new ActiveSkillsEndpoint(this.repository);

	private static final Instant T1 = Instant.parse("2026-01-01T10:00:00Z");

	private static final Instant T2 = Instant.parse("2026-01-01T10:05:00Z");

	@Test
	void whenConversationsHaveActiveSkillsThenTheyAreListedMostRecentFirst() {
		this.repository.activate("a", new ActiveSkill("pdf-processing", T1));
		this.repository.activate("b", new ActiveSkill("csv-cleaning", T1));
		this.repository.activate("a", new ActiveSkill("json-tools", T2));

		ConversationsDescriptor descriptor = this.endpoint.conversations(null);

		assertThat(descriptor.limit()).isEqualTo(ActiveSkillsEndpoint.DEFAULT_LIMIT);
		assertThat(descriptor.conversations().keySet()).containsExactly("a", "b");
		assertThat(descriptor.conversations().get("a")).containsExactly(new ActiveSkill("pdf-processing", T1),
				new ActiveSkill("json-tools", T2));
	}

	@Test
	void whenALimitIsGivenThenAtMostThatManyConversationsAreListed() {
		for (int i = 0; i < 5; i++) {
			this.repository.activate("c" + i, new ActiveSkill("pdf-processing", T1));
		}
		ConversationsDescriptor descriptor = this.endpoint.conversations(2);
		assertThat(descriptor.limit()).isEqualTo(2);
		assertThat(descriptor.conversations()).hasSize(2).containsKeys("c4", "c3");
	}

	@Test
	void whenTheLimitIsNotPositiveOrAboveTheMaximumThenTheRequestIsInvalidAndSaysWhy() {
		for (int limit : new int[] { 0, -1, ActiveSkillsEndpoint.MAX_LIMIT + 1 }) {
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> this.endpoint.conversations(limit))
				.withMessage("limit must be between 1 and 1000, was " + limit)
				.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(ex.getMessage()));
		}
		assertThat(this.endpoint.conversations(ActiveSkillsEndpoint.MAX_LIMIT).limit()).isEqualTo(1000);
	}

	@Test
	void whenOneConversationIsReadThenTheOrderOfTheListStays() {
		this.repository.activate("a", new ActiveSkill("pdf-processing", T1));
		this.repository.activate("b", new ActiveSkill("csv-cleaning", T2));

		this.endpoint.conversation("a");

		assertThat(this.endpoint.conversations(null).conversations().keySet()).containsExactly("b", "a");
	}

	@Test
	void whenOneConversationIsAskedForThenItsActiveSkillsAreReturnedOldestFirst() {
		this.repository.activate("a", new ActiveSkill("pdf-processing", T1));
		this.repository.activate("a", new ActiveSkill("json-tools", T2));
		ConversationDescriptor descriptor = this.endpoint.conversation("a");
		assertThat(descriptor.conversationId()).isEqualTo("a");
		assertThat(descriptor.skills()).extracting(ActiveSkill::name).containsExactly("pdf-processing", "json-tools");
	}

	@Test
	void whenAnUnknownConversationIsAskedForThenItHasNoSkills() {
		ConversationDescriptor descriptor = this.endpoint.conversation("nobody");
		assertThat(descriptor.conversationId()).isEqualTo("nobody");
		assertThat(descriptor.skills()).isEmpty();
	}

}
