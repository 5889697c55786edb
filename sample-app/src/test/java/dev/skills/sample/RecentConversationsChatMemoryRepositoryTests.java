package dev.skills.sample;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;

import static org.assertj.core.api.Assertions.assertThat;

class RecentConversationsChatMemoryRepositoryTests {

	private final RecentConversationsChatMemoryRepository repository = new RecentConversationsChatMemoryRepository(2);

	@Test
	void keepsOnlyTheMostRecentlyUsedConversations() {
		List<Message> hello = List.of(new UserMessage("hello"));
		this.repository.saveAll("a", hello);
		this.repository.saveAll("b", hello);
		this.repository.findByConversationId("a");
		this.repository.saveAll("c", hello);
		assertThat(this.repository.findConversationIds()).containsExactly("a", "c");
		assertThat(this.repository.findByConversationId("b")).isEmpty();
		assertThat(this.repository.findByConversationId("a")).containsExactlyElementsOf(hello);
	}

}
