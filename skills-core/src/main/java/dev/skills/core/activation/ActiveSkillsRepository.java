package dev.skills.core.activation;

import java.util.List;
import java.util.Map;

/**
 * Remembers which skills each conversation has activated, in activation order, so that their
 * instructions can be put back when chat memory trims them and their tool rules keep applying.
 * Implementations must be safe for concurrent use, and keep every conversation id under the key
 * {@link ConversationIds#key(String)} gives it, so that ids of any length cost bounded memory.
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
	 * The active skills of a conversation, oldest activation first.
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
	 * Forget a conversation.
	 * @param conversationId the conversation
	 */
	void deleteByConversationId(String conversationId);

	/**
	 * Every conversation with active skills, most recently active first, at most {@code limit}.
	 * @param limit the most conversations to return
	 * @return conversation id to its active skills
	 */
	Map<String, List<ActiveSkill>> findAll(int limit);

}
