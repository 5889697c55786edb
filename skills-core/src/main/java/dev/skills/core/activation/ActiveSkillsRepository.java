package dev.skills.core.activation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Remembers which skills each conversation activated, in order, so that their
 * instructions come back when chat memory trims them. Implementations are thread-safe and
 * keep each conversation under its {@link #conversationKey(String)}.
 */
public interface ActiveSkillsRepository {

	/** The longest conversation id a store keeps as it is. */
	int MAX_CONVERSATION_ID_LENGTH = 256;

	/** The start of every hashed key; an id that starts so is hashed too. */
	String HASHED_PREFIX = "sha-256:";

	/**
	 * The key every store keeps a conversation under: an id of at most
	 * {@value #MAX_CONVERSATION_ID_LENGTH} characters as it is; a longer one, or one that
	 * starts with {@value #HASHED_PREFIX}, as that prefix and the hex SHA-256 of its
	 * UTF-8 bytes. No short id can spell another's hash, and a store bounded in
	 * conversations is bounded in bytes.
	 * @param id the conversation id as given
	 * @return the id itself, or its hash
	 * @throws IllegalArgumentException when the id holds an unpaired surrogate, which has
	 * no UTF-8 form (databases would store it as {@code ?})
	 */
	static String conversationKey(String id) {
		for (int i = 0; i < id.length(); i += Character.charCount(id.codePointAt(i))) {
			if (Character.getType(id.codePointAt(i)) == Character.SURROGATE) {
				throw new IllegalArgumentException("The conversation id holds an unpaired surrogate (U+"
						+ HexFormat.of().withUpperCase().toHexDigits(id.charAt(i)) + " at index " + i
						+ "), which has no UTF-8 form: send well-formed text");
			}
		}
		if (id.length() <= MAX_CONVERSATION_ID_LENGTH && !id.startsWith(HASHED_PREFIX)) {
			return id;
		}
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
			return HASHED_PREFIX + HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform must provide SHA-256.
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Record an activation and mark the conversation as just used. An already active
	 * skill keeps its first time and place, so racing instances leave one entry.
	 * @param conversationId the conversation
	 * @param skill the activated skill
	 */
	void activate(String conversationId, ActiveSkill skill);

	/**
	 * The active skills of a conversation, oldest first; a read is not a use.
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
	 * Deactivate a skill everywhere; a conversation left without skills is forgotten.
	 * @param name the skill name
	 */
	void deleteBySkillName(String name);

	/**
	 * Forget a conversation.
	 * @param conversationId the conversation
	 */
	void deleteByConversationId(String conversationId);

	/**
	 * The conversations with active skills, most recently changed first.
	 * @param limit the most conversations to return
	 * @return conversation id to its active skills
	 */
	Map<String, List<ActiveSkill>> findAll(int limit);

}
