package dev.skills.boot.catalog;

import java.util.List;

import dev.skills.spring.ai.catalog.index.CatalogQuery;
import dev.skills.spring.ai.catalog.index.SkillRetriever;

import org.springframework.beans.factory.ObjectProvider;

/**
 * The application's {@link SkillRetriever} (or the keyword index), resolved when the
 * catalog first needs it; both of its methods are passed on, so a retriever that weighs
 * the turns of a conversation keeps doing so.
 */
public final class FirstUseRetriever implements SkillRetriever {

	private final ObjectProvider<SkillRetriever> retriever;

	/**
	 * Create the retriever.
	 * @param retriever the retriever to resolve when first asked
	 */
	public FirstUseRetriever(ObjectProvider<SkillRetriever> retriever) {
		this.retriever = retriever;
	}

	@Override
	public List<String> retrieve(String text, int limit) {
		return this.retriever.getObject().retrieve(text, limit);
	}

	@Override
	public List<String> retrieve(CatalogQuery query, int limit) {
		return this.retriever.getObject().retrieve(query, limit);
	}

}
