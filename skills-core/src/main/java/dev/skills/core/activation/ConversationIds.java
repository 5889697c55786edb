package dev.skills.core.activation;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The one rule for conversation ids kept by an {@link ActiveSkillsRepository}: an id of at most
 * {@value #MAX_LENGTH} characters is kept as it is; a longer one is replaced by
 * {@code sha-256:} and the hex SHA-256 of its UTF-8 bytes. A store bounded by a number of
 * conversations is then bounded in bytes too, and the same long id always finds the same skills.
 * Every store applies it to every id it is given.
 */
public final class ConversationIds {

	/** The longest conversation id kept as it is. */
	public static final int MAX_LENGTH = 256;

	private static final String HASH_PREFIX = "sha-256:";

	private ConversationIds() {
	}

	/**
	 * The key under which a conversation's active skills are kept.
	 * @param conversationId the conversation id as given
	 * @return the id itself, or its hash when it is longer than {@value #MAX_LENGTH} characters
	 */
	public static String key(String conversationId) {
		if (conversationId.length() <= MAX_LENGTH) {
			return conversationId;
		}
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(conversationId.getBytes(StandardCharsets.UTF_8));
			return HASH_PREFIX + HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform must provide SHA-256.
			throw new IllegalStateException(ex);
		}
	}

}
