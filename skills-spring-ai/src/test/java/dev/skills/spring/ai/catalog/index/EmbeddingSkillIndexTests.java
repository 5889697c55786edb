package dev.skills.spring.ai.catalog.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.CatalogSkills;
import dev.skills.spring.ai.catalog.index.cache.DiskEmbeddingCache;
import dev.skills.spring.ai.catalog.index.cache.EmbeddingCache;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link EmbeddingSkillIndex} over real skill folders, with a deterministic embedding
 * model in place of a real one: each word adds to the dimension of its concept, and words
 * of one concept ("pager", "on-call", "handover") share it, as a real model's meaning
 * does.
 */
@ExtendWith(OutputCaptureExtension.class)
class EmbeddingSkillIndexTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path root;

	private final ConceptEmbedding model = new ConceptEmbedding();

	@Test
	void closestInMeaningRanksFirst() {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry, new EmbeddingSkillIndex(this.model))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			assertThat(index.retrieve("summarise my pager week for whoever takes over", 2)).first()
				.isEqualTo("on-call-handover");
			assertThat(index.retrieve("the invoice for march is wrong", 2)).first().isEqualTo("billing-disputes");
		}
	}

	@Test
	void embedsInBatchesOnItsOwnThread() {
		CatalogSkills.many(this.root, EmbeddingSkillIndex.BATCH + 1);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry, new EmbeddingSkillIndex(this.model))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			assertThat(this.model.batches).containsExactly(EmbeddingSkillIndex.BATCH, 1);
			assertThat(this.model.threads).containsOnly(index.index().threadName());
		}
	}

	@Test
	void reloadEmbedsOnlyWhatChanged() throws IOException {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry, new EmbeddingSkillIndex(this.model))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			this.model.texts.clear();
			CatalogSkills.skill(this.root, "billing-disputes", "Settles pager escalations.");
			CatalogSkills.skill(this.root, "travel-booking", "Books a flight and a hotel for a trip.");
			deleteSkill("expense-reports");
			registry.reload();
			assertThat(index.awaitCurrent(WAIT)).isTrue();

			assertThat(this.model.texts).containsExactlyInAnyOrder("billing disputes: Settles pager escalations.",
					"travel booking: Books a flight and a hotel for a trip.");
			assertThat(index.retrieve("reserve a plane seat", 1)).containsExactly("travel-booking");
			assertThat(index.retrieve("my receipts for the trip", 5)).doesNotContain("expense-reports");
		}
	}

	@Test
	void turnsAreEmbeddedAsOneText() {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry, new EmbeddingSkillIndex(this.model))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			this.model.texts.clear();
			List<String> names = index.retrieve(
					new CatalogQuery("do the same for last month", List.of("the invoice for march is wrong", "hello")),
					1);
			assertThat(names).containsExactly("billing-disputes");
			assertThat(this.model.texts)
				.containsExactly("do the same for last month\n\nthe invoice for march is wrong\n\nhello");
		}
	}

	@Test
	void failingModelWarnsOncePerOutage(CapturedOutput output) {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry,
						new EmbeddingSkillIndex(this.model, "test", EmbeddingCache.none()))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			this.model.failures.set(2);
			assertThat(index.retrieve("the invoice is wrong", 3)).isEmpty();
			assertThat(index.retrieve("the invoice is wrong", 3)).isEmpty();
			assertThat(index.retrieve("the invoice is wrong", 3)).first().isEqualTo("billing-disputes");
			assertThat(
					output.getOut().split("The embedding model test failed; skills are ranked by keywords alone", -1))
				.hasSize(2);
			assertThat(output).contains("The embedding model test answers again");
		}
	}

	@Test
	void refusedBatchIsRetriedLater(CapturedOutput output) {
		skills();
		this.model.failures.set(1);
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry,
						new EmbeddingSkillIndex(this.model, "test", EmbeddingCache.none(), Duration.ofMillis(50)))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			assertThat(output).contains("The embedding model test failed; skills are ranked by keywords alone until it "
					+ "answers (batches are retried after 50 ms)");
			await().atMost(WAIT)
				.untilAsserted(() -> assertThat(index.retrieve("the invoice is wrong", 1))
					.containsExactly("billing-disputes"));
		}
	}

	@Test
	void secondStartEmbedsNothing(@TempDir Path cache) {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> first = FedIndex.of(registry, cached(cache))) {
			assertThat(first.awaitCurrent(WAIT)).isTrue();
			assertThat(first.index().status()).isEqualTo(new EmbeddingStatus("test", 3, 3, 3));
		}
		this.model.texts.clear();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> second = FedIndex.of(registry, cached(cache))) {
			assertThat(second.awaitCurrent(WAIT)).isTrue();
			assertThat(second.index().status()).isEqualTo(new EmbeddingStatus("test", 3, 3, 0));
			assertThat(this.model.texts).containsExactly(Vectors.PROBE);
			assertThat(second.retrieve("the invoice is wrong", 1)).containsExactly("billing-disputes");
		}
	}

	@Test
	void editEmbedsOnlyThatSkill(@TempDir Path cache) {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry, cached(cache))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			this.model.texts.clear();
			CatalogSkills.skill(this.root, "billing-disputes", "Settles pager escalations.");
			registry.reload();
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			assertThat(this.model.texts).containsExactly("billing disputes: Settles pager escalations.");
			assertThat(index.index().status().computed()).isEqualTo(4);
		}
	}

	@Test
	void otherModelMissesTheCache(@TempDir Path cache) {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> first = FedIndex.of(registry, cached(cache))) {
			assertThat(first.awaitCurrent(WAIT)).isTrue();
		}
		this.model.shift = 1;
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> other = FedIndex.of(registry, cached(cache))) {
			assertThat(other.awaitCurrent(WAIT)).isTrue();
			assertThat(other.index().status().computed()).isEqualTo(3);
		}
	}

	@Test
	void saysOnceWhenEverySkillIsEmbedded(CapturedOutput output) {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root);
				FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry,
						new EmbeddingSkillIndex(this.model, "test", EmbeddingCache.none()))) {
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			CatalogSkills.skill(this.root, "travel-booking", "Books a flight and a hotel for a trip.");
			registry.reload();
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			assertThat(index.index().status()).isEqualTo(new EmbeddingStatus("test", 4, 4, 4));
			assertThat(output.getOut().split("Ranking by meaning covers every skill: 3 embedded with test", -1))
				.hasSize(2);
			assertThat(output.getOut()).doesNotContain("covers every skill: 4");
		}
	}

	@Test
	void closeEndsItsThread() throws InterruptedException {
		skills();
		try (SkillsRegistry registry = CatalogSkills.registry(this.root)) {
			FedIndex<EmbeddingSkillIndex> index = FedIndex.of(registry, new EmbeddingSkillIndex(this.model));
			assertThat(index.awaitCurrent(WAIT)).isTrue();
			index.close();
			for (Thread thread : CatalogSkills.alive(index.index().threadName())) {
				thread.join(WAIT.toMillis());
			}
			assertThat(CatalogSkills.alive(index.index().threadName())).isEmpty();
		}
	}

	private EmbeddingSkillIndex cached(Path cache) {
		return new EmbeddingSkillIndex(this.model, "test", new DiskEmbeddingCache(cache));
	}

	private void skills() {
		CatalogSkills.skill(this.root, "on-call-handover", "Hands the on-call rotation over to the next engineer.");
		CatalogSkills.skill(this.root, "billing-disputes", "Resolves customer complaints about a bill.");
		CatalogSkills.skill(this.root, "expense-reports", "Files receipts from a business trip.");
	}

	private void deleteSkill(String name) throws IOException {
		Files.delete(this.root.resolve(name).resolve("SKILL.md"));
		Files.delete(this.root.resolve(name));
	}

	/**
	 * Each word adds one to its concept's dimension (a word of no concept to a dimension
	 * of its own, by hash); records what it was asked to embed, on which thread, and
	 * fails as many calls as it is told to.
	 */
	static final class ConceptEmbedding implements EmbeddingModel {

		private static final Map<String, Integer> CONCEPTS = Map.ofEntries(Map.entry("pager", 0), Map.entry("call", 0),
				Map.entry("rotation", 0), Map.entry("handover", 0), Map.entry("hands", 0), Map.entry("over", 0),
				Map.entry("invoice", 1), Map.entry("bill", 1), Map.entry("billing", 1), Map.entry("complaints", 1),
				Map.entry("wrong", 1), Map.entry("receipts", 2), Map.entry("expense", 2), Map.entry("trip", 2),
				Map.entry("flight", 3), Map.entry("plane", 3), Map.entry("seat", 3), Map.entry("reserve", 3),
				Map.entry("books", 3));

		private static final int DIMENSIONS = 64;

		final List<String> texts = new CopyOnWriteArrayList<>();

		final List<Integer> batches = new CopyOnWriteArrayList<>();

		final List<String> threads = new CopyOnWriteArrayList<>();

		final AtomicInteger failures = new AtomicInteger();

		// Moves every word to the next dimension: another model behind the same name.
		volatile int shift;

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			if (this.failures.getAndUpdate((left) -> Math.max(0, left - 1)) > 0) {
				throw new IllegalStateException("model unavailable");
			}
			List<Embedding> embeddings = new ArrayList<>();
			for (String text : request.getInstructions()) {
				this.texts.add(text);
				embeddings.add(new Embedding(vector(text), embeddings.size()));
			}
			this.batches.add(request.getInstructions().size());
			this.threads.add(Thread.currentThread().getName());
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return vector(document.getText());
		}

		private float[] vector(String text) {
			float[] vector = new float[DIMENSIONS];
			for (String word : text.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
				if (word.length() > 2) {
					Integer concept = CONCEPTS.get(word);
					int dimension = (concept != null) ? concept : 8 + Math.floorMod(word.hashCode(), DIMENSIONS - 8);
					vector[(dimension + this.shift) % DIMENSIONS] += 1;
				}
			}
			return vector;
		}

	}

}
