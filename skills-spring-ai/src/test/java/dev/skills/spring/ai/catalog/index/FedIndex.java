package dev.skills.spring.ai.catalog.index;

import java.time.Duration;
import java.util.List;

import dev.skills.core.registry.SkillsRegistry;

/**
 * An index fed by an updater of its own, both closed together, as a catalog's default
 * index is: what the tests of one index use.
 */
final class FedIndex<T extends SkillIndex & AutoCloseable> implements SkillRetriever, AutoCloseable {

	private final T index;

	private final SkillIndexUpdater updater;

	private FedIndex(SkillsRegistry registry, T index) {
		this.index = index;
		this.updater = SkillIndexUpdater.start(registry, index);
	}

	static FedIndex<KeywordSkillIndex> keywords(SkillsRegistry registry) {
		return new FedIndex<>(registry, new KeywordSkillIndex());
	}

	static FedIndex<KeywordSkillIndex> keywords(SkillsRegistry registry, int bodyChars) {
		return new FedIndex<>(registry, new KeywordSkillIndex(bodyChars));
	}

	static <T extends SkillIndex & AutoCloseable> FedIndex<T> of(SkillsRegistry registry, T index) {
		return new FedIndex<>(registry, index);
	}

	T index() {
		return this.index;
	}

	SkillIndexUpdater updater() {
		return this.updater;
	}

	// Until the index was given the registry's current skills, and has embedded them.
	boolean awaitCurrent(Duration timeout) {
		return this.updater.awaitCurrent(timeout)
				&& (!(this.index instanceof EmbeddingSkillIndex embedding) || embedding.awaitEmbeddings(timeout));
	}

	@Override
	public List<String> retrieve(String text, int limit) {
		return this.index.retrieve(text, limit);
	}

	@Override
	public List<String> retrieve(CatalogQuery query, int limit) {
		return this.index.retrieve(query, limit);
	}

	@Override
	public void close() {
		this.updater.close();
		try {
			this.index.close();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
