package dev.skills.benchmarks;

import java.lang.ref.Reference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;

/**
 * Measures the heap the catalog keeps per skill once a request needed it (the keyword
 * index, with or without body prefixes, and the token count of every catalog line), after
 * full collections, next to what the registry alone keeps.
 */
final class CatalogHeap {

	private CatalogHeap() {
	}

	/**
	 * Measure.
	 * @param skills how many skills to load
	 * @param runs how many measurements to take the median of
	 * @param bodyChars the characters of each body the index reads
	 * @return the median bytes per skill: the registry alone, and the catalog on top of
	 * it
	 */
	static long[] measure(int skills, int runs, int bodyChars) {
		Path root = SkillTrees.create(skills);
		try {
			long[] registryBytes = new long[runs];
			long[] catalogBytes = new long[runs];
			for (int run = 0; run < runs; run++) {
				long before = RetainedHeap.usedAfterGc();
				SkillsRegistry registry = SkillsRegistry
					.create(SkillConfig.builder().skillsDir(SkillTrees.locations(root, skills)).build());
				long withRegistry = RetainedHeap.usedAfterGc();
				KeywordSkillIndex index = new KeywordSkillIndex(bodyChars);
				SkillIndexUpdater updater = SkillIndexUpdater.start(registry, index);
				updater.awaitCurrent(Duration.ofMinutes(5));
				SkillCatalog catalog = SkillCatalog.builder(registry).retriever(index).build();
				catalog.select(registry.snapshot(), List.of(), "Summarise task 7");
				long withCatalog = RetainedHeap.usedAfterGc();
				registryBytes[run] = (withRegistry - before) / skills;
				catalogBytes[run] = (withCatalog - withRegistry) / skills;
				Reference.reachabilityFence(catalog);
				updater.close();
				index.close();
				registry.close();
			}
			Arrays.sort(registryBytes);
			Arrays.sort(catalogBytes);
			return new long[] { registryBytes[runs / 2], catalogBytes[runs / 2] };
		}
		finally {
			SkillTrees.delete(root);
		}
	}

}
