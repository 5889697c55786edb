package dev.skills.spring.ai.catalog;

import java.util.List;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.index.CatalogQuery;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import dev.skills.spring.ai.catalog.index.SkillRetriever;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The retriever of a catalog given none: a {@link KeywordSkillIndex} of the registry fed
 * by its own {@link SkillIndexUpdater}, built when the catalog first needs a ranking, so
 * a catalog that always fits never pays for an index. One that cannot be built is not
 * tried again on every request: the catalog goes on in priority order. {@link #close()}
 * ends both, and nothing is built after it.
 */
final class DefaultKeywordIndex implements SkillRetriever, AutoCloseable {

	private static final Log logger = LogFactory.getLog(DefaultKeywordIndex.class);

	private static final SkillRetriever NOTHING = (text, limit) -> List.of();

	private final SkillsRegistry registry;

	private volatile @Nullable SkillRetriever built;

	// Guarded by this.
	private @Nullable KeywordSkillIndex index;

	private @Nullable SkillIndexUpdater updater;

	private boolean closed;

	DefaultKeywordIndex(SkillsRegistry registry) {
		this.registry = registry;
	}

	@Override
	public List<String> retrieve(String text, int limit) {
		return retriever().retrieve(text, limit);
	}

	@Override
	public List<String> retrieve(CatalogQuery query, int limit) {
		return retriever().retrieve(query, limit);
	}

	private SkillRetriever retriever() {
		SkillRetriever retriever = this.built;
		if (retriever == null) {
			synchronized (this) {
				retriever = this.built;
				if (retriever == null) {
					retriever = this.closed ? NOTHING : build();
					this.built = retriever;
				}
			}
		}
		return retriever;
	}

	private SkillRetriever build() {
		try {
			this.index = new KeywordSkillIndex();
			this.updater = SkillIndexUpdater.start(this.registry, this.index);
			return this.index;
		}
		catch (RuntimeException ex) {
			logger
				.warn("The skills keyword index cannot be built; catalogs list skills by priority: " + ex.getMessage());
			if (this.index != null) {
				this.index.close();
			}
			return NOTHING;
		}
	}

	@Override
	public synchronized void close() {
		this.closed = true;
		this.built = NOTHING;
		if (this.updater != null) {
			this.updater.close();
		}
		if (this.index != null) {
			this.index.close();
		}
	}

}
