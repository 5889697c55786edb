package dev.skills.embeddings.local;

import java.util.ArrayList;
import java.util.List;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * all-MiniLM-L6-v2, quantized (384 dimensions), run in process by ONNX Runtime from the
 * model inside LangChain4j's jar: no download, no network, no API key. It is meant as the
 * skills index's own model and is never an {@link EmbeddingModel} bean, so an
 * application's own embedding model stays the one it injects. The model is loaded at the
 * first call (about a second) and embeds on the caller's thread: it starts no thread.
 */
public final class LocalEmbeddingModel implements EmbeddingModel {

	/** The model's name, as the skills endpoint shows it. */
	public static final String NAME = "all-minilm-l6-v2-q";

	private static final int DIMENSIONS = 384;

	private volatile @Nullable AllMiniLmL6V2QuantizedEmbeddingModel model;

	@Override
	public EmbeddingResponse call(EmbeddingRequest request) {
		List<TextSegment> segments = request.getInstructions().stream().map(TextSegment::from).toList();
		List<dev.langchain4j.data.embedding.Embedding> vectors = model().embedAll(segments).content();
		List<Embedding> embeddings = new ArrayList<>(vectors.size());
		for (int i = 0; i < vectors.size(); i++) {
			embeddings.add(new Embedding(vectors.get(i).vector(), i));
		}
		return new EmbeddingResponse(embeddings);
	}

	@Override
	public float[] embed(Document document) {
		return embed(document.getText());
	}

	@Override
	public int dimensions() {
		return DIMENSIONS;
	}

	private AllMiniLmL6V2QuantizedEmbeddingModel model() {
		AllMiniLmL6V2QuantizedEmbeddingModel model = this.model;
		if (model == null) {
			synchronized (this) {
				model = this.model;
				if (model == null) {
					// Runnable::run: batches are embedded on the caller's thread, not a
					// pool.
					model = new AllMiniLmL6V2QuantizedEmbeddingModel(Runnable::run);
					this.model = model;
				}
			}
		}
		return model;
	}

}
