package dev.skills.sample;

import java.util.List;

import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
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
	ResponseEntity<?> chat(@RequestBody ChatRequest request) {
		String problem = request.problem();
		if (problem != null) {
			return ResponseEntity.badRequest().body(ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, problem));
		}
		String conversationId = request.conversationIdOrDefault();
		String answer = this.chatClient.prompt()
			.user(request.message())
			.advisors((advisor) -> advisor.param(ChatMemory.CONVERSATION_ID, conversationId))
			.call()
			.content();
		List<String> active = this.activeSkills.findByConversationId(conversationId)
			.stream()
			.map(ActiveSkill::name)
			.toList();
		return ResponseEntity.ok(new ChatReply(answer, active));
	}

	/**
	 * One turn as posted.
	 *
	 * @param conversationId the conversation; {@code default} when absent, as chat memory
	 * does
	 * @param message what the user says
	 */
	record ChatRequest(@Nullable String conversationId, @Nullable String message) {

		@Nullable String problem() {
			if (this.message == null || this.message.isBlank()) {
				return "Field 'message' is required: the text the user says.";
			}
			if (this.conversationId != null && this.conversationId.isBlank()) {
				return "Field 'conversationId' must not be empty: leave it out to use the conversation 'default'.";
			}
			return null;
		}

		String conversationIdOrDefault() {
			return (this.conversationId != null) ? this.conversationId : SkillsAdvisor.DEFAULT_CONVERSATION_ID;
		}

	}

	record ChatReply(String answer, List<String> activeSkills) {
	}

}
