package dev.skills.sample;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * The sample: a chat service whose {@link ChatClient} gets skills from the starter. While
 * {@code spring.ai.model.chat} is {@code none} (the default here; the {@code openai}
 * profile sets it to {@code openai}) it answers with the {@link OfflineChatModel}.
 */
@SpringBootApplication
public class SampleApplication {

	/** The most conversations whose messages the sample remembers. */
	static final int MAX_CONVERSATIONS = 1_000;

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

	// Chosen by the same property that switches Spring AI's models off, not by a
	// missing-bean
	// condition: this class is evaluated before the auto-configured model exists.
	@Bean
	@ConditionalOnProperty(name = "spring.ai.model.chat", havingValue = "none")
	OfflineChatModel offlineChatModel() {
		return new OfflineChatModel();
	}

	@Bean
	ChatMemory chatMemory() {
		// A small window on purpose: skill content falls out of it, and the skills
		// advisor puts it back.
		return MessageWindowChatMemory.builder()
			.chatMemoryRepository(new RecentConversationsChatMemoryRepository(MAX_CONVERSATIONS))
			.maxMessages(6)
			.build();
	}

	@Bean
	ChatClient chatClient(ChatClient.Builder builder, ChatMemory chatMemory) {
		return builder.defaultSystem("You are a helpful assistant for a software team.")
			.defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build())
			.build();
	}

}
