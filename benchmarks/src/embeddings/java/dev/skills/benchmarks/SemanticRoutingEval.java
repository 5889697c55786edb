package dev.skills.benchmarks;

import dev.skills.embeddings.local.LocalEmbeddingModel;

/**
 * The routing evaluation ({@link RoutingEval}) of the keyword index fused with an
 * {@code EmbeddingSkillIndex} over all-MiniLM-L6-v2, offline. Built with
 * {@code -Pembeddings}; run with
 * {@code java -cp benchmarks/target/benchmarks.jar dev.skills.benchmarks.SemanticRoutingEval}.
 */
public final class SemanticRoutingEval {

	private SemanticRoutingEval() {
	}

	/**
	 * Print the report.
	 * @param args none
	 */
	public static void main(String[] args) {
		System.out.print(RoutingEval.report(new LocalEmbeddingModel(), "all-MiniLM-L6-v2 (quantized) embeddings"));
	}

}
