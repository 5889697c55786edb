package dev.skills.spring.ai.catalog.index.cache;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;

/**
 * Vectors kept by key, the key naming both the model and the text it embedded
 * ({@link #key}), so that a text is embedded once per model. A cache never fails its
 * caller: one that cannot read or write its store goes on without it.
 */
public interface EmbeddingCache {

	/**
	 * The vectors held for these keys; keys it does not hold are left out.
	 * @param keys the keys wanted
	 * @return the vectors held, by key
	 */
	Map<String, float[]> get(Collection<String> keys);

	/**
	 * Keep these vectors.
	 * @param vectors the vectors, by key
	 */
	void put(Map<String, float[]> vectors);

	/**
	 * A hint that only these keys are in use now: a cache may drop the others to stay
	 * bounded. Does nothing by default.
	 * @param keys the keys in use
	 */
	default void retain(Set<String> keys) {
	}

	/**
	 * A cache that holds nothing: every text is embedded.
	 * @return the cache
	 */
	static EmbeddingCache none() {
		return NoEmbeddingCache.INSTANCE;
	}

	/**
	 * The key of a text embedded by a model: the SHA-256 of both, in hex.
	 * @param model what names the model and its version
	 * @param text the text embedded
	 * @return the key
	 */
	static String key(String model, String text) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			digest.update(model.getBytes(StandardCharsets.UTF_8));
			digest.update((byte) 0);
			return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every JVM has SHA-256", ex);
		}
	}

}
