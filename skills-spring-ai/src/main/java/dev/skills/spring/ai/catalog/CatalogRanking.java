package dev.skills.spring.ai.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.index.CatalogQuery;
import dev.skills.spring.ai.catalog.index.SkillRetriever;

/**
 * What the catalog asks its retriever, each answer kept to the skills of the request's
 * snapshot that may be listed: the skills relevant to a conversation, the answers of
 * {@code search_skills}, and the names closest to one no skill has.
 */
final class CatalogRanking implements AutoCloseable {

	// How many of the retriever's best matches compete for the room, and how many names
	// an unknown activate_skill name is answered with.
	static final int RELEVANT_CANDIDATES = 100;

	static final int CLOSEST_NAMES = 5;

	private final SkillRetriever retriever;

	private final int searchResults;

	CatalogRanking(SkillRetriever retriever, int searchResults) {
		this.retriever = retriever;
		this.searchResults = searchResults;
	}

	List<SkillMeta> relevant(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, CatalogQuery query) {
		return !query.isBlank() ? known(snapshot, listable, this.retriever.retrieve(query, RELEVANT_CANDIDATES))
				: List.of();
	}

	List<SkillMeta> search(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, String query) {
		return known(snapshot, listable, this.retriever.retrieve(query, this.searchResults));
	}

	List<String> closestNames(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, String name) {
		return known(snapshot, listable,
				this.retriever.retrieve(name.replace('-', ' ').replace('_', ' '), CLOSEST_NAMES))
			.stream()
			.map(SkillMeta::name)
			.toList();
	}

	// A retriever given to the catalog belongs to the caller.
	@Override
	public void close() {
		if (this.retriever instanceof DefaultKeywordIndex own) {
			own.close();
		}
	}

	static List<SkillMeta> known(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, Collection<String> names) {
		List<SkillMeta> skills = new ArrayList<>(names.size());
		for (String name : names) {
			snapshot.get(name).filter(listable).ifPresent(skills::add);
		}
		return skills;
	}

}
