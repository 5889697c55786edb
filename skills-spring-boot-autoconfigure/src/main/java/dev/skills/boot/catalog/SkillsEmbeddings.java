package dev.skills.boot.catalog;

import dev.skills.spring.ai.catalog.index.EmbeddingSkillIndex;
import dev.skills.spring.ai.catalog.index.EmbeddingStatus;

/**
 * Ranking by meaning as the application runs it: the {@link EmbeddingSkillIndex} beside
 * the keyword index, and how far it is, which the {@code skills} endpoint, the health
 * details and the {@code skills.embeddings.embedded} gauge show. Closing it ends the
 * index's thread.
 */
public final class SkillsEmbeddings implements AutoCloseable {

	private final EmbeddingSkillIndex index;

	/**
	 * Hold an index.
	 * @param index the index that ranks by meaning
	 */
	public SkillsEmbeddings(EmbeddingSkillIndex index) {
		this.index = index;
	}

	/**
	 * The index that ranks by meaning.
	 * @return the index
	 */
	public EmbeddingSkillIndex index() {
		return this.index;
	}

	/**
	 * How far the index is.
	 * @return its model, the skills embedded and in the registry, and the vectors
	 * computed here rather than taken from the cache
	 */
	public EmbeddingStatus status() {
		return this.index.status();
	}

	@Override
	public void close() {
		this.index.close();
	}

}
