package dev.skills.core.activation;

import java.util.List;
import java.util.Map;

/**
 * Remembers which skills each conversation has activated, in activation order, so that their
 * instructions can be put back when chat memory trims them and their tool rules keep applying.
 * Implementations must be safe for concurrent use.
 */
public interface ActiveSkillsRepository {

	/**
	 * Record an activation. Activating an already active skill moves it to the end with the new
	 * time.
	 * @param conversationId the conversation
	 * @param skill the activated skill
	 */
	void activate(String conversationId, ActiveSkill skill);

	/**
	 * The active skills of a conversation, oldest activation first. Reading changes nothing:
	 * neither the order of {@link #findAll(int)} nor which conversation is forgotten first.
	 * @param conversationId the conversation
	 * @return the skills; empty for an unknown conversation
	 */
	List<ActiveSkill> findByConversationId(String conversationId);

	/**
	 * Deactivate one skill.
	 * @param conversationId the conversation
	 * @param name the skill name
	 */
	void deactivate(String conversationId, String name);

	/**
	 * Deactivate a skill in every conversation, because it no longer exists. The default goes
	 * through {@link #findAll(int)}; a store that can do it in one step should.
	 * @param name the skill name
	 */
	default void deactivateEverywhere(String name) {
		findAll(Integer.MAX_VALUE).forEach((conversationId, skills) -> {
			if (skills.stream().anyMatch((skill) -> skill.name().equals(name))) {
				deactivate(conversationId, name);
			}
		});
	}

	/**
	 * Forget a conversation.
	 * @param conversationId the conversation
	 */
	void deleteByConversationId(String conversationId);

	/**
	 * Every conversation with active skills, most recently changed first, at most {@code limit}.
	 * Reading does not change this order.
	 * @param limit the most conversations to return
	 * @return conversation id to its active skills
	 */
	Map<String, List<ActiveSkill>> findAll(int limit);

}
