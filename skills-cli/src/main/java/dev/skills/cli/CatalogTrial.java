package dev.skills.cli;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.CatalogQuery;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import org.jspecify.annotations.Nullable;

/**
 * Whether the catalog within its token budget lists a skill for a query, among all the
 * skills of the registry, and where the keyword index ranks it: the same catalog and
 * index an application's advisor uses.
 */
final class CatalogTrial implements AutoCloseable {

	// Ranks past this are reported as not ranked: no catalog lists that many.
	static final int MAX_RANK = 1000;

	private static final Predicate<SkillMeta> EVERY_SKILL = (meta) -> true;

	private final SkillsSnapshot snapshot;

	private final KeywordSkillIndex index;

	private final SkillIndexUpdater updater;

	private final SkillCatalog catalog;

	CatalogTrial(SkillsRegistry registry, int maxTokens) {
		this.snapshot = registry.snapshot();
		this.index = new KeywordSkillIndex();
		this.updater = SkillIndexUpdater.start(registry, this.index);
		this.updater.awaitCurrent(Duration.ofMinutes(1));
		this.catalog = SkillCatalog.builder(registry).maxTokens(maxTokens).retriever(this.index).build();
	}

	SkillCatalog catalog() {
		return this.catalog;
	}

	/**
	 * Try one query.
	 * @param skill the skill under evaluation
	 * @param query the query
	 * @return whether it is listed, and its rank
	 */
	Outcome run(String skill, String query) {
		boolean listed = this.catalog.select(this.snapshot, EVERY_SKILL, List.of(), CatalogQuery.of(query))
			.listed()
			.contains(skill);
		int position = this.index.retrieve(query, Math.min(MAX_RANK, this.snapshot.size())).indexOf(skill);
		return new Outcome(listed, (position >= 0) ? position + 1 : null);
	}

	@Override
	public void close() {
		this.updater.close();
		this.index.close();
	}

	/**
	 * How the catalog treats one query.
	 *
	 * @param listed whether the catalog lists the skill
	 * @param rank its rank among the skills matching the query, {@code null} when it does
	 * not match
	 */
	record Outcome(boolean listed, @Nullable Integer rank) {
	}

}
