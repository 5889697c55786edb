package dev.skills.sample;

import java.util.List;

import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /chat}: one turn of a conversation.
 */
@RestController
class ChatController {

	private final ChatClient chatClient;

	private final ActiveSkillsRepository activeSkills;

	ChatController(ChatClient chatClient, ActiveSkillsRepository activeSkills) {
		this.chatClient = chatClient;
		this.activeSkills = activeSkills;
	}

	@PostMapping("/chat")
	ChatReply chat(@RequestBody ChatRequest request) {
		String answer = this.chatClient.prompt()
			.user(request.message())
			.advisors((advisor) -> advisor.param(ChatMemory.CONVERSATION_ID, request.conversationId()))
			.call()
			.content();
		List<String> active = this.activeSkills.findByConversationId(request.conversationId())
			.stream()
			.map(ActiveSkill::name)
			.toList();
		return new ChatReply(answer, active);
	}

	record ChatRequest(String conversationId, String message) {
	}

	record ChatReply(String answer, List<String> activeSkills) {
	}

}
