package dev.skills.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.Predicate;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.CatalogQuery;
import dev.skills.spring.ai.catalog.index.EmbeddingSkillIndex;
import dev.skills.spring.ai.catalog.index.FusedSkillRetriever;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import dev.skills.spring.ai.catalog.index.SkillRetriever;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * Recall of the catalog on the routing evaluation set ({@link RoutingEvalSet}): for each
 * request, whether the catalog within the default 4,000-token budget lists the skill it
 * needs, and whether {@code search_skills} finds it with the request's own words; for
 * each follow-up pair, whether the catalog of the second turn lists it. Measured with the
 * frontmatter alone and with bodies indexed (or with bodies and fused with an
 * {@link EmbeddingSkillIndex} over a given model), and for follow-ups with the latest
 * message alone and with the conversation.
 */
final class RoutingEval {

	private static final Predicate<SkillMeta> EVERY_SKILL = (meta) -> true;

	private RoutingEval() {
	}

	/**
	 * Run the evaluation of the keyword index, with the frontmatter alone and with
	 * bodies.
	 * @return the report, one figure a line
	 */
	static String report() {
		return report((set, registry) -> {
			StringBuilder report = new StringBuilder();
			for (int bodyChars : new int[] { 0, KeywordSkillIndex.DEFAULT_BODY_CHARS }) {
				try (KeywordSkillIndex index = new KeywordSkillIndex(bodyChars);
						SkillIndexUpdater updater = SkillIndexUpdater.start(registry, index)) {
					if (!updater.awaitCurrent(Duration.ofMinutes(2))) {
						throw new IllegalStateException("Bodies were not indexed in time");
					}
					String indexed = (bodyChars == 0) ? "frontmatter only"
							: "frontmatter + " + bodyChars + " body chars";
					report.append(measure(registry, index, indexed, set.requests(), set.followUps()));
				}
			}
			return report.toString();
		});
	}

	/**
	 * Run the evaluation of the keyword index with bodies fused with an embedding index.
	 * @param model the embedding model
	 * @param modelName what the report calls it
	 * @return the report, one figure a line
	 */
	static String report(EmbeddingModel model, String modelName) {
		return report((set, registry) -> {
			try (KeywordSkillIndex keywords = new KeywordSkillIndex();
					EmbeddingSkillIndex embeddings = new EmbeddingSkillIndex(model);
					SkillIndexUpdater updater = SkillIndexUpdater.start(registry, keywords, embeddings)) {
				if (!updater.awaitCurrent(Duration.ofMinutes(2))
						|| !embeddings.awaitEmbeddings(Duration.ofMinutes(10))) {
					throw new IllegalStateException("Skills were not indexed in time");
				}
				return measure(
						registry, FusedSkillRetriever.of(keywords, embeddings), "frontmatter + "
								+ KeywordSkillIndex.DEFAULT_BODY_CHARS + " body chars, fused with " + modelName,
						set.requests(), set.followUps());
			}
		});
	}

	private static String report(BiFunction<RoutingEvalSet, SkillsRegistry, String> measurements) {
		RoutingEvalSet set = RoutingEvalSet.load();
		Path root = set.write();
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(root.toString()).build())) {
			long bodyOnly = set.requests().stream().filter(RoutingEvalSet.Request::clueInBody).count();
			return String.format(Locale.ROOT,
					"Routing evaluation: %d skills (%d loaded), %d requests (%d with the clue only in the body), "
							+ "%d follow-up pairs; catalog budget %d tokens, search_skills answers %d%n",
					set.skillCount(), registry.size(), set.requests().size(), bodyOnly, set.followUps().size(),
					SkillCatalog.DEFAULT_MAX_TOKENS, SkillCatalog.DEFAULT_SEARCH_RESULTS)
					+ measurements.apply(set, registry);
		}
		finally {
			SkillTrees.delete(root);
		}
	}

	/**
	 * Measure one ranking on requests and follow-up pairs.
	 * @param registry the skills
	 * @param retriever the ranking
	 * @param indexed what the report calls the ranking
	 * @param requests the requests, each with the skill it needs
	 * @param followUps the follow-up pairs
	 * @return the report, two lines
	 */
	static String measure(SkillsRegistry registry, SkillRetriever retriever, String indexed,
			List<RoutingEvalSet.Request> requests, List<RoutingEvalSet.FollowUp> followUps) {
		SkillsSnapshot snapshot = registry.snapshot();
		SkillCatalog catalog = SkillCatalog.builder(registry).retriever(retriever).build();
		int listed = 0;
		int found = 0;
		int either = 0;
		int bodyListedOrFound = 0;
		long listedSizes = 0;
		for (RoutingEvalSet.Request request : requests) {
			List<String> names = catalog.select(snapshot, EVERY_SKILL, List.of(), CatalogQuery.of(request.text()))
				.listed();
			listedSizes += names.size();
			boolean isListed = names.contains(request.skill());
			boolean isFound = catalog.search(snapshot, EVERY_SKILL, request.text())
				.stream()
				.anyMatch((meta) -> meta.name().equals(request.skill()));
			listed += isListed ? 1 : 0;
			found += isFound ? 1 : 0;
			either += (isListed || isFound) ? 1 : 0;
			bodyListedOrFound += (request.clueInBody() && (isListed || isFound)) ? 1 : 0;
		}
		int secondLatest = 0;
		int secondConversation = 0;
		for (RoutingEvalSet.FollowUp pair : followUps) {
			// Before this change, the catalog was ranked by the latest message alone.
			secondLatest += catalog.select(snapshot, EVERY_SKILL, List.of(), CatalogQuery.of(pair.second()))
				.listed()
				.contains(pair.skill()) ? 1 : 0;
			secondConversation += catalog
				.select(snapshot, EVERY_SKILL, List.of(), new CatalogQuery(pair.second(), List.of(pair.first())))
				.listed()
				.contains(pair.skill()) ? 1 : 0;
		}
		long bodyRequests = requests.stream().filter(RoutingEvalSet.Request::clueInBody).count();
		String body = (bodyRequests > 0)
				? "; clue only in the body: listed or found " + percent(bodyListedOrFound, bodyRequests) : "";
		return String.format(Locale.ROOT,
				"  index %s: listed in the catalog %s (%.0f skills listed on average), found by search_skills %s, "
						+ "listed or found %s (target >= 90%%)%s%n"
						+ "  index %s, follow-up second turn listed: latest message alone %s, with the conversation %s "
						+ "(target >= 90%%)%n",
				indexed, percent(listed, requests.size()), (double) listedSizes / requests.size(),
				percent(found, requests.size()), percent(either, requests.size()), body, indexed,
				percent(secondLatest, followUps.size()), percent(secondConversation, followUps.size()));
	}

	private static String percent(long part, long whole) {
		return String.format(Locale.ROOT, "%d/%d = %.1f%%", part, whole, 100.0 * part / whole);
	}

}
