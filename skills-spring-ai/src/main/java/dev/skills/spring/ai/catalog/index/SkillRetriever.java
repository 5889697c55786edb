package dev.skills.spring.ai.catalog.index;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the skills most relevant to a text. When the catalog does not fit its token
 * budget, the skills it ranks first are listed, and {@code search_skills} answers with
 * them.
 * <p>
 * The default is {@link KeywordSkillIndex} (BM25 over name, description,
 * {@code when_to_use}, {@code metadata.triggers}, {@code metadata.tags} and a body
 * prefix). An application may declare its own bean, for example one backed by Spring AI's
 * {@code VectorStore}; a {@link SkillIndex} is kept up to date by a
 * {@link SkillIndexUpdater}. Names it returns that the request's snapshot does not hold
 * are ignored.
 */
@FunctionalInterface
public interface SkillRetriever {

	/**
	 * The skills most relevant to a text.
	 * @param text what the user asked, or a search query
	 * @param limit the most names to return
	 * @return skill names, most relevant first; empty when nothing matches
	 */
	List<String> retrieve(String text, int limit);

	/**
	 * The skills most relevant to a conversation. The default ranks by the latest
	 * message, then fills what is left of the limit with the skills of the earlier turns,
	 * the most recent first; {@link KeywordSkillIndex} weighs the turns in one ranking
	 * instead.
	 * @param query the latest user message and the turns before it
	 * @param limit the most names to return
	 * @return skill names, most relevant first; empty when nothing matches
	 */
	default List<String> retrieve(CatalogQuery query, int limit) {
		Set<String> names = new LinkedHashSet<>();
		if (!query.latest().isBlank()) {
			names.addAll(retrieve(query.latest(), limit));
		}
		for (String turn : query.earlier()) {
			if (names.size() >= limit) {
				break;
			}
			for (String name : retrieve(turn, limit)) {
				if (names.size() < limit) {
					names.add(name);
				}
			}
		}
		return List.copyOf(names);
	}

}
