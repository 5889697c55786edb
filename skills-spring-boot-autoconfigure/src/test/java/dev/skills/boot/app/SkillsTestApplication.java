package dev.skills.boot.app;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * A small application as a user would write it: the starter's auto-configuration, Spring
 * AI's OpenAI client and a chat endpoint. Nothing about skills is configured in code.
 */
@SpringBootApplication
public class SkillsTestApplication {

	public static void main(String[] args) {
		SpringApplication.run(SkillsTestApplication.class, args);
	}

	@RestController
	static class ChatController {

		private final ChatClient chatClient;

		ChatController(ChatClient.Builder builder) {
			this.chatClient = builder.defaultSystem("You are a helpful assistant.").build();
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
