package dev.skills.spring.ai.catalog.index;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One ranking from several retrievers by reciprocal rank fusion: a skill scores
 * {@code 1 / (60 + rank)} in each ranking that holds it, and the sums decide. Ranks, not
 * scores, are combined, so retrievers whose scores do not compare (BM25 and cosine
 * similarity) weigh alike, and a skill both rank well comes first. {@link #close()}
 * closes the retrievers that are {@link AutoCloseable}.
 */
public final class FusedSkillRetriever implements SkillRetriever, AutoCloseable {

	// The constant of Cormack, Clarke and Buettcher (SIGIR 2009): it damps the weight of
	// the first few ranks, so one retriever's top hit does not outweigh agreement.
	private static final int K = 60;

	private final List<SkillRetriever> retrievers;

	private FusedSkillRetriever(List<SkillRetriever> retrievers) {
		this.retrievers = List.copyOf(retrievers);
	}

	/**
	 * Fuse the rankings of retrievers.
	 * @param retrievers the retrievers, for example a {@link KeywordSkillIndex} and an
	 * {@link EmbeddingSkillIndex}
	 * @return the fused retriever
	 */
	public static FusedSkillRetriever of(SkillRetriever... retrievers) {
		return new FusedSkillRetriever(List.of(retrievers));
	}

	@Override
	public List<String> retrieve(String text, int limit) {
		return fuse(limit, (retriever) -> retriever.retrieve(text, limit));
	}

	/**
	 * Each retriever ranks the whole conversation its own way; their rankings are fused.
	 */
	@Override
	public List<String> retrieve(CatalogQuery query, int limit) {
		return fuse(limit, (retriever) -> retriever.retrieve(query, limit));
	}

	private List<String> fuse(int limit, Function<SkillRetriever, List<String>> ranking) {
		if (limit <= 0) {
			return List.of();
		}
		Map<String, Double> scores = new HashMap<>();
		Map<String, Integer> firstSeen = new HashMap<>();
		for (SkillRetriever retriever : this.retrievers) {
			List<String> names = ranking.apply(retriever);
			for (int rank = 0; rank < names.size() && rank < limit; rank++) {
				scores.merge(names.get(rank), 1.0 / (K + rank + 1), Double::sum);
				firstSeen.putIfAbsent(names.get(rank), firstSeen.size());
			}
		}
		List<String> fused = new ArrayList<>(scores.keySet());
		// Equal sums keep the order the retrievers gave, the first retriever's first.
		fused.sort((a, b) -> (!scores.get(a).equals(scores.get(b))) ? Double.compare(scores.get(b), scores.get(a))
				: Integer.compare(firstSeen.get(a), firstSeen.get(b)));
		return List.copyOf(fused.subList(0, Math.min(limit, fused.size())));
	}

	@Override
	public void close() throws Exception {
		Exception failure = null;
		for (SkillRetriever retriever : this.retrievers) {
			if (retriever instanceof AutoCloseable closeable) {
				try {
					closeable.close();
				}
				catch (Exception ex) {
					if (failure == null) {
						failure = ex;
					}
					else {
						failure.addSuppressed(ex);
					}
				}
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

}
