package dev.skills.sample;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The sample: a chat service whose {@link ChatClient} gets skills from the starter. Without the
 * {@code openai} profile it answers with the {@link OfflineChatModel}.
 */
@SpringBootApplication
public class SampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

	@Bean
	@ConditionalOnMissingBean(ChatModel.class)
	OfflineChatModel offlineChatModel() {
		return new OfflineChatModel();
	}

	@Bean
	ChatMemory chatMemory() {
		// A small window on purpose: skill content falls out of it, and the skills advisor puts it back.
		return MessageWindowChatMemory.builder().maxMessages(6).build();
	}

	@Bean
	ChatClient chatClient(ChatClient.Builder builder, ChatMemory chatMemory) {
		return builder.defaultSystem("You are a helpful assistant for a software team.")
			.defaultAdvisors(MessageChatMemoryAdvisor.builder(chatMemory).build())
			.build();
	}

}
