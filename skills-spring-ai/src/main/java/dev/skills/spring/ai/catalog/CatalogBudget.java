package dev.skills.spring.ai.catalog;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.set.SnapshotValues;
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

	// Per snapshot: each skill set's view has a catalog of its own.
	private final SnapshotValues<WholeCatalog> wholes = new SnapshotValues<>();

	private final AtomicReference<@Nullable WholeCatalog> last = new AtomicReference<>();

	// The skills the token counts are kept for: every skill of the registry, whatever
	// set a request sees.
	private final Supplier<SkillsSnapshot> current;

	CatalogBudget(TokenCountEstimator estimator, int maxTokens, List<String> alwaysInclude,
			Supplier<SkillsSnapshot> current) {
		this.current = current;
		this.tokens = new EntryTokens(estimator);
		this.maxTokens = maxTokens;
		this.alwaysInclude = alwaysInclude;
	}

	int maxTokens() {
		return this.maxTokens;
	}

	WholeCatalog whole(SkillsSnapshot snapshot, Predicate<SkillMeta> listable) {
		WholeCatalog whole = this.wholes.get(snapshot, (view) -> compute(view, listable));
		if (whole.listable() != listable) {
			whole = compute(snapshot, listable);
		}
		this.last.set(whole);
		return whole;
	}

	private WholeCatalog compute(SkillsSnapshot snapshot, Predicate<SkillMeta> listable) {
		WholeCatalog whole = WholeCatalog.of(snapshot, listable, this.tokens, this.maxTokens);
		this.tokens.retain(this.current.get());
		return whole;
	}

	// The whole catalog last worked out, if any.
	@Nullable WholeCatalog last() {
		return this.last.get();
	}

	CatalogSelection partial(SkillsSnapshot snapshot, WholeCatalog whole, Collection<String> active,
			List<SkillMeta> relevant) {
		Set<String> pinned = new LinkedHashSet<>(active);
		pinned.addAll(this.alwaysInclude);
		return new PartialCatalog(this.tokens, this.maxTokens - whole.partialFrame()).choose(whole.skills(),
				CatalogRanking.known(snapshot, whole.listable(), pinned), relevant);
	}

}
