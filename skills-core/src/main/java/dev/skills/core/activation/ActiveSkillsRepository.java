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
	 * Record an activation and mark the conversation as just used. Activating an already active
	 * skill keeps its first activation time and its place, so that activations racing on several
	 * application instances leave one entry.
	 * @param conversationId the conversation
	 * @param skill the activated skill
	 */
	void activate(String conversationId, ActiveSkill skill);

	/**
	 * The active skills of a conversation, oldest activation first. Reading does not count as
	 * using the conversation.
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
	 * Deactivate a skill in every conversation, for example when it is deleted from the registry.
	 * A conversation left without skills is forgotten.
	 * @param name the skill name
	 */
	void deleteBySkillName(String name);

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
