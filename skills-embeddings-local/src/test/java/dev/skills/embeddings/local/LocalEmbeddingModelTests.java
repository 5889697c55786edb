package dev.skills.embeddings.local;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link LocalEmbeddingModel}, on the real model.
 */
@ExtendWith(OutputCaptureExtension.class)
class LocalEmbeddingModelTests {

	private final LocalEmbeddingModel model = new LocalEmbeddingModel();

	@Test
	void embedsInProcessWithoutNetwork(CapturedOutput output) {
		List<float[]> vectors = this.model.embed(List.of("Hands the on-call rotation over to the next engineer.",
				"summarise my pager week for whoever takes over", "Resolves customer complaints about a bill."));
		assertThat(vectors).allSatisfy((vector) -> assertThat(vector).hasSize(this.model.dimensions()));
		assertThat(cosine(vectors.get(1), vectors.get(0))).isGreaterThan(cosine(vectors.get(1), vectors.get(2)));
	}

	@Test
	void sameTextSameVector() {
		assertThat(this.model.embed("rotate the TLS certificates"))
			.containsExactly(new LocalEmbeddingModel().embed("rotate the TLS certificates"));
	}

	private static double cosine(float[] a, float[] b) {
		double dot = 0;
		double na = 0;
		double nb = 0;
		for (int i = 0; i < a.length; i++) {
			dot += a[i] * b[i];
			na += a[i] * a[i];
			nb += b[i] * b[i];
		}
		return dot / Math.sqrt(na * nb);
	}

}
