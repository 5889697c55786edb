package dev.skills.spring.ai.catalog;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.index.CatalogQuery;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import dev.skills.spring.ai.catalog.index.SkillRetriever;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tokenizer.JTokkitTokenCountEstimator;
import org.springframework.ai.tokenizer.TokenCountEstimator;

/**
 * Chooses the catalog a request gets within a token budget. When every skill fits, it is
 * the whole catalog, exactly as without a budget. Otherwise the skills active in the
 * conversation and the always-included ones come first, then the skills most relevant to
 * the conversation, its latest user message first (long descriptions are shortened before
 * a relevant skill is dropped), then the rest in catalog order while room is left; one
 * sentence says how many skills are not listed and that {@code search_skills} finds them.
 */
public final class SkillCatalog implements AutoCloseable {

	/** The default budget, in tokens. */
	public static final int DEFAULT_MAX_TOKENS = 4000;

	/** The default number of {@code search_skills} results. */
	public static final int DEFAULT_SEARCH_RESULTS = 10;

	private static final Predicate<SkillMeta> EVERY_SKILL = (skill) -> true;

	private final CatalogRanking ranking;

	private final CatalogBudget budget;

	private volatile int lastListed = -1;

	private final List<Consumer<CatalogSelection>> listeners = new CopyOnWriteArrayList<>();

	private SkillCatalog(Builder builder) {
		this.ranking = new CatalogRanking(
				(builder.retriever != null) ? builder.retriever : new DefaultKeywordIndex(builder.registry),
				builder.searchResults);
		this.budget = new CatalogBudget(
				(builder.estimator != null) ? builder.estimator : new JTokkitTokenCountEstimator(), builder.maxTokens,
				builder.alwaysInclude);
	}

	/**
	 * Start building a catalog over a registry's skills.
	 * @param registry the skills
	 * @return a builder
	 */
	public static Builder builder(SkillsRegistry registry) {
		return new Builder(registry);
	}

	/**
	 * The catalog for one request, of every skill of the snapshot.
	 * @param snapshot the snapshot the request sees
	 * @param active the skills active in the conversation, listed first
	 * @param userMessage the request's latest user message, or {@code null}
	 * @return the catalog
	 */
	public CatalogSelection select(SkillsSnapshot snapshot, Collection<String> active, @Nullable String userMessage) {
		return select(snapshot, EVERY_SKILL, active, userMessage);
	}

	/**
	 * The catalog for one request, of the skills that may be listed.
	 * @param snapshot the snapshot the request sees
	 * @param listable the skills that may be listed (not preloaded, not hidden
	 * built-ins); keep passing the same instance, as the whole catalog is computed once
	 * per generation and filter
	 * @param active the skills active in the conversation, listed first
	 * @param userMessage the request's latest user message, or {@code null}
	 * @return the catalog
	 */
	public CatalogSelection select(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, Collection<String> active,
			@Nullable String userMessage) {
		return select(snapshot, listable, active, CatalogQuery.of(userMessage));
	}

	/**
	 * The catalog for one request, ranked by its conversation.
	 * @param snapshot the snapshot the request sees
	 * @param listable the skills that may be listed, as for
	 * {@link #select(SkillsSnapshot, Predicate, Collection, String)}
	 * @param active the skills active in the conversation, listed first
	 * @param query the latest user message and the user turns before it
	 * @return the catalog
	 */
	public CatalogSelection select(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, Collection<String> active,
			CatalogQuery query) {
		WholeCatalog whole = this.budget.whole(snapshot, listable);
		CatalogSelection selection = (whole.section() != null) ? new CatalogSelection(whole.section(), whole.names(), 0)
				: this.budget.partial(snapshot, whole, active, this.ranking.relevant(snapshot, listable, query));
		this.lastListed = selection.listed().size();
		this.listeners.forEach((listener) -> listener.accept(selection));
		return selection;
	}

	/**
	 * The skills best matching a query, best first ({@code search_skills}).
	 * @param snapshot the snapshot to answer from
	 * @param listable the skills that may be found
	 * @param query the keywords
	 * @return at most {@code search-results} skills
	 */
	public List<SkillMeta> search(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, String query) {
		return this.ranking.search(snapshot, listable, query);
	}

	/**
	 * The names most like one no skill has, for the answer of {@code activate_skill}.
	 * @param snapshot the snapshot to answer from
	 * @param listable the skills that may be named
	 * @param name the unknown name
	 * @return a few names, best first
	 */
	public List<String> closestNames(SkillsSnapshot snapshot, Predicate<SkillMeta> listable, String name) {
		return this.ranking.closestNames(snapshot, listable, name);
	}

	/**
	 * The budget.
	 * @return the most tokens a catalog takes
	 */
	public int maxTokens() {
		return this.budget.maxTokens();
	}

	/**
	 * Whether the whole catalog of the skills that may be listed fits the budget: then
	 * every request lists them all, and the tools may name them all.
	 * @param snapshot the snapshot
	 * @param listable the skills that may be listed; keep passing the same instance, as
	 * for {@link #select(SkillsSnapshot, Predicate, Collection, String)}
	 * @return {@code true} when nothing is left out
	 */
	public boolean fits(SkillsSnapshot snapshot, Predicate<SkillMeta> listable) {
		return this.budget.whole(snapshot, listable).section() != null;
	}

	/**
	 * The tokens the whole catalog of a snapshot takes, with its instruction.
	 * @param snapshot the snapshot
	 * @return the estimated tokens
	 */
	public int fullTokens(SkillsSnapshot snapshot) {
		WholeCatalog last = this.budget.last();
		return this.budget.whole(snapshot, (last != null) ? last.listable() : EVERY_SKILL).tokens();
	}

	/**
	 * How many skills the last request's catalog listed.
	 * @return the number, or {@code -1} before the first request
	 */
	public int lastListed() {
		return this.lastListed;
	}

	/**
	 * Be told of every catalog chosen, for example to record a meter.
	 * @param listener called on the request's thread
	 */
	public void addListener(Consumer<CatalogSelection> listener) {
		this.listeners.add(listener);
	}

	/**
	 * Release the keyword index this catalog built for itself (and stop feeding it); a
	 * retriever given to the builder belongs to the caller and is left alone.
	 */
	@Override
	public void close() {
		this.ranking.close();
	}

	/**
	 * Builds a {@link SkillCatalog}.
	 */
	public static final class Builder {

		private final SkillsRegistry registry;

		private @Nullable SkillRetriever retriever;

		private @Nullable TokenCountEstimator estimator;

		private int maxTokens = DEFAULT_MAX_TOKENS;

		private List<String> alwaysInclude = List.of();

		private int searchResults = DEFAULT_SEARCH_RESULTS;

		private Builder(SkillsRegistry registry) {
			this.registry = registry;
		}

		/**
		 * The most tokens the catalog may take, with its instruction (default
		 * {@value #DEFAULT_MAX_TOKENS}).
		 * @param maxTokens a positive number
		 * @return this builder
		 * @throws InvalidSkillSettingException when it is below one
		 */
		public Builder maxTokens(int maxTokens) {
			if (maxTokens < 1) {
				throw new InvalidSkillSettingException("maxTokens", maxTokens,
						"the catalog needs a budget of at least one token",
						"a number of tokens such as " + DEFAULT_MAX_TOKENS);
			}
			this.maxTokens = maxTokens;
			return this;
		}

		/**
		 * Skills listed first whenever the catalog does not fit, after the active ones.
		 * @param names skill names
		 * @return this builder
		 */
		public Builder alwaysInclude(List<String> names) {
			this.alwaysInclude = List.copyOf(names);
			return this;
		}

		/**
		 * How many skills {@code search_skills} answers with (default
		 * {@value #DEFAULT_SEARCH_RESULTS}).
		 * @param searchResults a positive number
		 * @return this builder
		 * @throws InvalidSkillSettingException when it is below one
		 */
		public Builder searchResults(int searchResults) {
			if (searchResults < 1) {
				throw new InvalidSkillSettingException("searchResults", searchResults,
						"search_skills must answer with at least one skill",
						"a number of skills such as " + DEFAULT_SEARCH_RESULTS);
			}
			this.searchResults = searchResults;
			return this;
		}

		/**
		 * How tokens are counted (default: {@link JTokkitTokenCountEstimator}, cl100k).
		 * @param estimator the estimator
		 * @return this builder
		 */
		public Builder tokenCountEstimator(TokenCountEstimator estimator) {
			this.estimator = estimator;
			return this;
		}

		/**
		 * What ranks skills by relevance (default: a {@link KeywordSkillIndex} of the
		 * registry, fed by a {@link SkillIndexUpdater} and built when the catalog first
		 * does not fit).
		 * @param retriever the retriever
		 * @return this builder
		 */
		public Builder retriever(SkillRetriever retriever) {
			this.retriever = retriever;
			return this;
		}

		/**
		 * Build the catalog.
		 * @return the catalog
		 */
		public SkillCatalog build() {
			return new SkillCatalog(this);
		}

	}

}
