package dev.skills.spring.ai.catalog.index.cache;

import java.util.Collection;
import java.util.Map;

/**
 * The cache that holds nothing.
 */
enum NoEmbeddingCache implements EmbeddingCache {

	INSTANCE;

	@Override
	public Map<String, float[]> get(Collection<String> keys) {
		return Map.of();
	}

	@Override
	public void put(Map<String, float[]> vectors) {
	}

}
