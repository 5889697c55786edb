package dev.skills.spring.ai.advisor;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.Skill;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.spring.ai.tool.SkillToolDefinitions;

import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;

/**
 * Which skills' instructions a conversation holds, told by structure, not by text: a
 * skill is present only through an {@code activate_skill} result for it, or a system
 * message that the advisor injected for it. A {@code <skill_content>} tag in a user
 * message, another tool's result or the middle of another skill's instructions never
 * counts.
 */
final class SkillPresence {

	/**
	 * The metadata key that marks a system message the advisor injected, with the skill's
	 * name.
	 */
	static final String INJECTED_SKILL = "skills_injected_skill";

	private SkillPresence() {
	}

	/**
	 * The system message that puts a skill's instructions into a request, marked as
	 * injected.
	 * @param skill the skill
	 * @return the message
	 */
	static SystemMessage injected(Skill skill) {
		return SystemMessage.builder()
			.text(SkillPrompts.skillContent(skill))
			.metadata(Map.of(INJECTED_SKILL, skill.name()))
			.build();
	}

	/**
	 * The skills present in a conversation.
	 * @param messages the conversation
	 * @return the skill names
	 */
	static Set<String> in(List<Message> messages) {
		Set<String> names = new LinkedHashSet<>();
		for (Message message : messages) {
			if (message instanceof ToolResponseMessage tools) {
				for (ToolResponseMessage.ToolResponse response : tools.getResponses()) {
					if (SkillToolDefinitions.ACTIVATE_SKILL.equals(response.name())) {
						addOwner(SkillPrompts.contentOwner(response.responseData()), names);
					}
				}
			}
			else if (message instanceof SystemMessage system) {
				Object marked = system.getMetadata().get(INJECTED_SKILL);
				// Only the application and this advisor write system messages; a
				// chat-memory store
				// that drops metadata still keeps the block's opening tag.
				addOwner((marked != null) ? marked.toString() : SkillPrompts.contentOwner(system.getText()), names);
			}
		}
		return names;
	}

	private static void addOwner(String name, Set<String> names) {
		if (name != null) {
			names.add(name);
		}
	}

}
