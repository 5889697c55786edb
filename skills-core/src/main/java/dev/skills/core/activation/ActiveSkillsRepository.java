package dev.skills.core.activation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Remembers which skills each conversation has activated, in activation order, so that
 * their instructions can be put back when chat memory trims them and their tool rules
 * keep applying. Implementations must be safe for concurrent use, and keep every
 * conversation id under the key {@link #conversationKey(String)} gives it, so that ids of
 * any length cost bounded memory.
 */
public interface ActiveSkillsRepository {

	/** The longest conversation id a store keeps as it is. */
	int MAX_CONVERSATION_ID_LENGTH = 256;

	/** The start of every hashed key; an id that starts so is hashed too. */
	String HASHED_PREFIX = "sha-256:";

	/**
	 * The one rule for the key under which every store keeps a conversation: an id of at
	 * most {@value #MAX_CONVERSATION_ID_LENGTH} characters is kept as it is; a longer
	 * one, or one that starts with {@value #HASHED_PREFIX}, is replaced by
	 * {@value #HASHED_PREFIX} and the hex SHA-256 of its UTF-8 bytes. Keys are injective:
	 * no short id can spell another id's hash. A store bounded by a number of
	 * conversations is then bounded in bytes too, and the same long id always finds the
	 * same skills.
	 * @param conversationId the conversation id as given
	 * @return the id itself, or its hash
	 * @throws IllegalArgumentException when the id holds an unpaired surrogate, which has
	 * no UTF-8 form (databases would store it as {@code ?})
	 */
	static String conversationKey(String conversationId) {
		checkPaired(conversationId);
		if (conversationId.length() <= MAX_CONVERSATION_ID_LENGTH && !conversationId.startsWith(HASHED_PREFIX)) {
			return conversationId;
		}
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest(conversationId.getBytes(StandardCharsets.UTF_8));
			return HASHED_PREFIX + HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform must provide SHA-256.
			throw new IllegalStateException(ex);
		}
	}

	private static void checkPaired(String text) {
		for (int i = 0; i < text.length(); i += Character.charCount(text.codePointAt(i))) {
			if (Character.getType(text.codePointAt(i)) == Character.SURROGATE) {
				throw new IllegalArgumentException("The conversation id holds an unpaired surrogate (U+"
						+ HexFormat.of().withUpperCase().toHexDigits(text.charAt(i)) + " at index " + i
						+ "), which has no UTF-8 form: send well-formed text");
			}
		}
	}

	/**
	 * Record an activation and mark the conversation as just used. Activating an already
	 * active skill keeps its first activation time and its place, so that activations
	 * racing on several application instances leave one entry.
	 * @param conversationId the conversation
	 * @param skill the activated skill
	 */
	void activate(String conversationId, ActiveSkill skill);

	/**
	 * The active skills of a conversation, oldest activation first. Reading does not
	 * count as using the conversation.
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
	 * Deactivate a skill in every conversation, for example when it is deleted from the
	 * registry. A conversation left without skills is forgotten.
	 * @param name the skill name
	 */
	void deleteBySkillName(String name);

	/**
	 * Forget a conversation.
	 * @param conversationId the conversation
	 */
	void deleteByConversationId(String conversationId);

	/**
	 * Every conversation with active skills, most recently changed first, at most
	 * {@code limit}. Reading does not change this order.
	 * @param limit the most conversations to return
	 * @return conversation id to its active skills
	 */
	Map<String, List<ActiveSkill>> findAll(int limit);

}
