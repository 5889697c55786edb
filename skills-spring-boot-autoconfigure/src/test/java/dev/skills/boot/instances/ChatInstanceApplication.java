package dev.skills.boot.instances;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.InMemoryChatMemoryRepository;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * One instance of a chat service that runs several behind a load balancer: its chat
 * memory window is its own (in memory), its active skills live in the shared database.
 */
@SpringBootApplication
public class ChatInstanceApplication {

	@RestController
	static class ChatController {

		private final ChatClient chatClient;

		ChatController(ChatClient.Builder builder) {
			ChatMemory memory = MessageWindowChatMemory.builder()
				.chatMemoryRepository(new InMemoryChatMemoryRepository())
				.maxMessages(10)
				.build();
			this.chatClient = builder.defaultSystem("You are a helpful assistant.")
				.defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build())
				.build();
		}

		@PostMapping("/chat/{conversationId}")
		String chat(@PathVariable String conversationId, @RequestBody String message) {
			return this.chatClient.prompt()
				.user(message)
				.advisors((advisors) -> advisors.param(ChatMemory.CONVERSATION_ID, conversationId))
				.call()
				.content();
		}

	}

}
