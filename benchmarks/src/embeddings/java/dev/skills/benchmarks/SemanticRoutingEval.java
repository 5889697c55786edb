package dev.skills.benchmarks;

import java.util.Set;

import dev.skills.embeddings.local.LocalEmbeddingModel;

/**
 * The routing evaluations with all-MiniLM-L6-v2, offline: {@code project} is
 * {@link RoutingEval} (the keyword index fused with an {@code EmbeddingSkillIndex}),
 * {@code public} is {@link PublicRoutingEval} (public skills among 10,000 generated ones:
 * keywords, the model alone, both fused, start-up, restart and memory). Built with
 * {@code -Pembeddings}; run with
 * {@code java -cp benchmarks/target/benchmarks.jar dev.skills.benchmarks.SemanticRoutingEval [project] [public]}
 * (both without arguments).
 */
public final class SemanticRoutingEval {

	private SemanticRoutingEval() {
	}

	/**
	 * Print the report.
	 * @param args the evaluations to run: {@code project}, {@code public}; none for both
	 */
	public static void main(String[] args) {
		Set<String> runs = (args.length == 0) ? Set.of("project", "public") : Set.of(args);
		if (runs.contains("project")) {
			System.out.print(RoutingEval.report(new LocalEmbeddingModel(), "all-MiniLM-L6-v2 (quantized) embeddings"));
		}
		if (runs.contains("public")) {
			System.out.print(PublicRoutingEval.report(LocalEmbeddingModel::new, LocalEmbeddingModel.NAME));
		}
	}

}
