package dev.skills.spring.ai.catalog;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsSnapshot;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tokenizer.TokenCountEstimator;

/**
 * The catalog's token budget: the whole catalog, worked out once per generation and
 * listing filter, and a partial one per request when the whole does not fit.
 */
final class CatalogBudget {

	private final EntryTokens tokens;

	private final int maxTokens;

	private final List<String> alwaysInclude;

	private final AtomicReference<@Nullable WholeCatalog> whole = new AtomicReference<>();

	CatalogBudget(TokenCountEstimator estimator, int maxTokens, List<String> alwaysInclude) {
		this.tokens = new EntryTokens(estimator);
		this.maxTokens = maxTokens;
		this.alwaysInclude = alwaysInclude;
	}

	int maxTokens() {
		return this.maxTokens;
	}

	WholeCatalog whole(SkillsSnapshot snapshot, Predicate<SkillMeta> listable) {
		WholeCatalog whole = this.whole.get();
		if (whole == null || !whole.isFor(snapshot, listable)) {
			whole = WholeCatalog.of(snapshot, listable, this.tokens, this.maxTokens);
			this.whole.set(whole);
		}
		return whole;
	}

	// The whole catalog last worked out, if any.
	@Nullable WholeCatalog last() {
		return this.whole.get();
	}

	CatalogSelection partial(SkillsSnapshot snapshot, WholeCatalog whole, Collection<String> active,
			List<SkillMeta> relevant) {
		Set<String> pinned = new LinkedHashSet<>(active);
		pinned.addAll(this.alwaysInclude);
		return new PartialCatalog(this.tokens, this.maxTokens - whole.partialFrame()).choose(whole.skills(),
				CatalogRanking.known(snapshot, whole.listable(), pinned), relevant);
	}

}
