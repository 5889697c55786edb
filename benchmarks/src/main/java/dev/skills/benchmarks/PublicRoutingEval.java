package dev.skills.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.EmbeddingSkillIndex;
import dev.skills.spring.ai.catalog.index.EmbeddingStatus;
import dev.skills.spring.ai.catalog.index.FusedSkillRetriever;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import dev.skills.spring.ai.catalog.index.cache.DiskEmbeddingCache;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * Recall of the catalog on the public-skills set ({@link PublicRoutingEvalSet}) with the
 * keyword index, an {@link EmbeddingSkillIndex} alone and both fused, as
 * {@link RoutingEval} measures it; and what ranking by meaning costs: the time until it
 * covers every skill at a first start (an empty disk cache) and at a restart (a new model
 * and index over the filled cache), the vectors each computed, and the process's resident
 * memory and used heap before and after.
 */
final class PublicRoutingEval {

	private static final Duration WAIT = Duration.ofMinutes(20);

	private PublicRoutingEval() {
	}

	/**
	 * Run the evaluation.
	 * @param models makes the model, once for the first start and once for the restart
	 * @param modelName what the report calls the model
	 * @return the report, one figure a line
	 */
	static String report(Supplier<EmbeddingModel> models, String modelName) {
		PublicRoutingEvalSet set = PublicRoutingEvalSet.load();
		PublicRoutingEvalSet.Tree tree = set.write();
		Path cache = temporaryFolder();
		Memory before = Memory.now();
		try (SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(tree.locations()).build());
				KeywordSkillIndex keywords = new KeywordSkillIndex();
				SkillIndexUpdater keywordUpdater = SkillIndexUpdater.start(registry, keywords)) {
			await(keywordUpdater.awaitCurrent(WAIT));
			StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
					"Public-skills routing evaluation: %d skills loaded (%d public, %d generated), %d requests, "
							+ "%d follow-up pairs; catalog budget %d tokens, search_skills answers %d%n",
					registry.size(), set.publicSkills(), PublicRoutingEvalSet.GENERATED, set.requests().size(),
					set.followUps().size(), SkillCatalog.DEFAULT_MAX_TOKENS, SkillCatalog.DEFAULT_SEARCH_RESULTS));
			report.append(RoutingEval.measure(registry, keywords, "keywords (frontmatter + body prefixes)",
					set.requests(), set.followUps()));
			long start = System.nanoTime();
			try (EmbeddingSkillIndex embeddings = new EmbeddingSkillIndex(models.get(), modelName,
					new DiskEmbeddingCache(cache));
					SkillIndexUpdater updater = SkillIndexUpdater.start(registry, embeddings)) {
				await(updater.awaitCurrent(WAIT) && embeddings.awaitEmbeddings(WAIT));
				report.append(started("first start (empty cache)", start, embeddings.status()));
				report.append(String.format(Locale.ROOT,
						"  memory: before the model %s; with the model and every vector %s%n", before, Memory.now()));
				report.append(RoutingEval.measure(registry, embeddings, modelName + " alone", set.requests(),
						set.followUps()));
				report.append(RoutingEval.measure(registry, FusedSkillRetriever.of(keywords, embeddings),
						"keywords fused with " + modelName, set.requests(), set.followUps()));
			}
			start = System.nanoTime();
			try (EmbeddingSkillIndex embeddings = new EmbeddingSkillIndex(models.get(), modelName,
					new DiskEmbeddingCache(cache));
					SkillIndexUpdater updater = SkillIndexUpdater.start(registry, embeddings)) {
				await(updater.awaitCurrent(WAIT) && embeddings.awaitEmbeddings(WAIT));
				report.append(started("restart (a new model over the filled cache)", start, embeddings.status()));
			}
			return report.toString();
		}
		finally {
			SkillTrees.delete(tree.root());
			SkillTrees.delete(cache);
		}
	}

	private static String started(String what, long start, EmbeddingStatus status) {
		return String.format(Locale.ROOT,
				"  %s: every skill ranked by meaning after %d ms (%d embedded, %d computed)%n", what,
				Duration.ofNanos(System.nanoTime() - start).toMillis(), status.embedded(), status.computed());
	}

	private static void await(boolean done) {
		if (!done) {
			throw new IllegalStateException("Skills were not indexed in time");
		}
	}

	private static Path temporaryFolder() {
		try {
			return Files.createTempDirectory("skills-eval-cache");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The process's resident memory (from {@code /proc/self/status}, Linux) and the heap
	 * in use after a full collection.
	 *
	 * @param rssMegabytes resident memory, -1 where unknown
	 * @param heapMegabytes used heap
	 */
	record Memory(long rssMegabytes, long heapMegabytes) {

		static Memory now() {
			System.gc();
			Runtime runtime = Runtime.getRuntime();
			long heap = (runtime.totalMemory() - runtime.freeMemory()) >> 20;
			long rss = -1;
			try {
				for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
					if (line.startsWith("VmRSS:")) {
						rss = Long.parseLong(line.replaceAll("\\D", "")) >> 10;
					}
				}
			}
			catch (IOException | RuntimeException ex) {
				// Not Linux: the resident memory stays unknown.
			}
			return new Memory(rss, heap);
		}

		@Override
		public String toString() {
			return "RSS " + this.rssMegabytes + " MB, heap " + this.heapMegabytes + " MB";
		}

	}

}
