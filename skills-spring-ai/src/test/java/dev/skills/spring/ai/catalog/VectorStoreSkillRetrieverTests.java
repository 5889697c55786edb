package dev.skills.spring.ai.catalog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How an application ranks skills with Spring AI's {@link VectorStore} instead of the
 * keyword index: a {@link SkillRetriever} that keeps one document per skill, updated from
 * the registry's changes. Here the store is a {@link SimpleVectorStore} over a
 * deterministic test embedding; an application would declare
 * {@code VectorStoreSkillRetriever} as a bean with its own store and embedding model.
 */
class VectorStoreSkillRetrieverTests {

	// SimpleVectorStore logs each document it embeds at INFO.
	static final LoggingSystem LOGGING = LoggingSystem.get(VectorStoreSkillRetrieverTests.class.getClassLoader());

	@TempDir
	Path root;

	@BeforeAll
	static void quietVectorStore() {
		LOGGING.setLogLevel(SimpleVectorStore.class.getName(), LogLevel.WARN);
	}

	@AfterAll
	static void restoreVectorStoreLogging() {
		LOGGING.setLogLevel(SimpleVectorStore.class.getName(), null);
	}

	@Test
	void aVectorStoreRetrieverChoosesTheCatalogsRelevantSkillsAndFollowsReloads() {
		CatalogSkills.many(this.root, 100);
		CatalogSkills.skill(this.root, "pdf-processing", "Extract text and fill in forms in PDF files.");
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			VectorStore store = SimpleVectorStore.builder(new WordHashEmbedding()).build();
			SkillCatalog catalog = SkillCatalog.builder(registry)
				.maxTokens(400)
				.retriever(new VectorStoreSkillRetriever(registry, store))
				.build();

			CatalogSelection selection = catalog.select(registry.snapshot(), List.of(),
					"Fill in the fields of this PDF form");
			assertThat(selection.partial()).isTrue();
			assertThat(selection.listed()).first().isEqualTo("pdf-processing");

			CatalogSkills.skill(this.root, "glacier-telemetry", "Parses glacier telemetry from field stations.");
			registry.reload();
			assertThat(catalog.search(registry.snapshot(), (skill) -> true, "glacier telemetry"))
				.extracting(SkillMeta::name)
				.first()
				.isEqualTo("glacier-telemetry");
		}
	}

	/**
	 * The documented example: one document per skill, id = skill name, text = what the
	 * keyword index reads.
	 */
	static final class VectorStoreSkillRetriever implements SkillRetriever, SkillsListener {

		private final SkillsRegistry registry;

		private final VectorStore store;

		VectorStoreSkillRetriever(SkillsRegistry registry, VectorStore store) {
			this.registry = registry;
			this.store = store;
			registry.addListener(this);
			store.add(registry.snapshot().skills().stream().map(VectorStoreSkillRetriever::document).toList());
		}

		@Override
		public List<String> retrieve(String text, int limit) {
			return this.store.similaritySearch(SearchRequest.builder().query(text).topK(limit).build())
				.stream()
				.map(Document::getId)
				.toList();
		}

		@Override
		public void onChange(SkillsChange change) {
			Set<String> stale = new LinkedHashSet<>(change.changed());
			stale.addAll(change.removed());
			if (!stale.isEmpty()) {
				this.store.delete(List.copyOf(stale));
			}
			List<Document> fresh = new ArrayList<>();
			for (String name : change.added()) {
				this.registry.get(name).map(VectorStoreSkillRetriever::document).ifPresent(fresh::add);
			}
			for (String name : change.changed()) {
				this.registry.get(name).map(VectorStoreSkillRetriever::document).ifPresent(fresh::add);
			}
			if (!fresh.isEmpty()) {
				this.store.add(fresh);
			}
		}

		private static Document document(SkillMeta meta) {
			String text = String.join(" ", meta.name().replace('-', ' '), meta.description(),
					(meta.whenToUse() != null) ? meta.whenToUse() : "", String.join(" ", meta.triggers()),
					String.join(" ", meta.tags()));
			return Document.builder().id(meta.name()).text(text).build();
		}

	}

	/**
	 * A deterministic embedding for tests: each word (lower case, letters only, a
	 * plural's final "s" dropped) adds one to a dimension chosen by its hash; vectors are
	 * normalised.
	 */
	static final class WordHashEmbedding implements EmbeddingModel {

		private static final int DIMENSIONS = 256;

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			List<Embedding> embeddings = new ArrayList<>();
			for (int i = 0; i < request.getInstructions().size(); i++) {
				embeddings.add(new Embedding(vector(request.getInstructions().get(i)), i));
			}
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return vector(document.getText());
		}

		@Override
		public int dimensions() {
			return DIMENSIONS;
		}

		private static float[] vector(String text) {
			float[] vector = new float[DIMENSIONS];
			for (String word : text.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
				if (word.length() > 2) {
					String stem = word.endsWith("s") ? word.substring(0, word.length() - 1) : word;
					vector[Math.floorMod(stem.hashCode(), DIMENSIONS)] += 1;
				}
			}
			double norm = 0;
			for (float value : vector) {
				norm += value * value;
			}
			for (int i = 0; i < DIMENSIONS && norm > 0; i++) {
				vector[i] /= (float) Math.sqrt(norm);
			}
			return vector;
		}

	}

}
