package dev.skills.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;

/**
 * Measures what building the keyword index costs at start-up (the first request that
 * needs it): the frontmatter index that request waits for, and the body prefixes read
 * afterwards on the registry's listener thread, after warm-up runs.
 */
final class IndexStartup {

	private static final int WARM_UP = 2;

	private IndexStartup() {
	}

	/**
	 * Measure.
	 * @param skills how many skills to load
	 * @param runs how many measurements to take the median of
	 * @return the medians in milliseconds: building the frontmatter index (what a request
	 * waits for), then reading and indexing every body prefix in the background
	 */
	static double[] measure(int skills, int runs) {
		Path root = SkillTrees.create(skills);
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(SkillTrees.locations(root, skills)).build())) {
			double[] frontmatter = new double[runs];
			double[] bodies = new double[runs];
			for (int run = -WARM_UP; run < runs; run++) {
				long start = System.nanoTime();
				try (KeywordSkillIndex index = new KeywordSkillIndex();
						SkillIndexUpdater updater = SkillIndexUpdater.start(registry, index)) {
					long built = System.nanoTime();
					if (!updater.awaitCurrent(Duration.ofMinutes(5))) {
						throw new IllegalStateException("Bodies were not indexed in time");
					}
					long done = System.nanoTime();
					if (run >= 0) {
						frontmatter[run] = (built - start) / 1e6;
						bodies[run] = (done - built) / 1e6;
					}
				}
			}
			Arrays.sort(frontmatter);
			Arrays.sort(bodies);
			return new double[] { frontmatter[runs / 2], bodies[runs / 2] };
		}
		finally {
			SkillTrees.delete(root);
		}
	}

}
