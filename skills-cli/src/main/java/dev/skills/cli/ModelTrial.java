package dev.skills.cli;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.tool.SkillInvocation;
import dev.skills.spring.ai.tool.SkillInvocationListener;
import dev.skills.spring.ai.tool.SkillToolDefinitions;
import dev.skills.spring.ai.tool.SkillsTools;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * Runs queries through a real {@link ChatClient} with the skills advisor, against any
 * OpenAI-compatible endpoint, and tells whether the model activated a skill. Each run is
 * a conversation of its own, so an earlier activation never counts for a later run.
 */
final class ModelTrial {

	private final ChatClient client;

	private final AtomicLong runs = new AtomicLong();

	// The skills activate_skill was called with, per conversation of a run.
	private final Map<String, Set<String>> activated = new ConcurrentHashMap<>();

	ModelTrial(SkillsRegistry registry, SkillCatalog catalog, String baseUrl, String apiKey, String model) {
		SkillsTools tools = SkillsTools.builder(registry).listeners(java.util.List.of(new SkillInvocationListener() {
			@Override
			public String after(SkillInvocation invocation, String result, Outcome outcome) {
				if (invocation.toolName().equals(SkillToolDefinitions.ACTIVATE_SKILL)
						&& invocation.conversationId() != null) {
					ModelTrial.this.activated
						.computeIfAbsent(invocation.conversationId(), (id) -> ConcurrentHashMap.newKeySet())
						.add(invocation.skillName());
				}
				return result;
			}
		})).build();
		OpenAiChatModel chatModel = OpenAiChatModel.builder()
			.options(OpenAiChatOptions.builder()
				.baseUrl(baseUrl)
				.apiKey(apiKey)
				.model(model)
				.maxRetries(0)
				.timeout(Duration.ofSeconds(60))
				.build())
			.build();
		this.client = ChatClient.builder(chatModel)
			.defaultAdvisors(SkillsAdvisor.builder(tools).catalog(catalog).build())
			.build();
	}

	/**
	 * Ask the model once.
	 * @param skill the skill under evaluation
	 * @param query the user's message
	 * @return whether the model activated that skill
	 */
	boolean triggers(String skill, String query) {
		String conversation = "skills-eval-" + this.runs.incrementAndGet();
		this.client.prompt()
			.user(query)
			.advisors((advisor) -> advisor.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
		Set<String> skills = this.activated.remove(conversation);
		return skills != null && skills.contains(skill);
	}

}
