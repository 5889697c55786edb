package dev.skills.benchmarks;

import java.util.ArrayList;
import java.util.List;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * all-MiniLM-L6-v2 (quantized, 384 dimensions), run in process by ONNX Runtime, as a
 * Spring AI {@link EmbeddingModel}: an embedding model the evaluation can use offline.
 * It embeds on the caller's thread, so it starts no thread of its own.
 */
final class MiniLmEmbeddingModel implements EmbeddingModel {

	private final AllMiniLmL6V2QuantizedEmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel(Runnable::run);

	@Override
	public EmbeddingResponse call(EmbeddingRequest request) {
		List<TextSegment> segments = request.getInstructions().stream().map(TextSegment::from).toList();
		List<dev.langchain4j.data.embedding.Embedding> vectors = this.model.embedAll(segments).content();
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
		return 384;
	}

}
