package dev.skills.benchmarks;

import java.lang.ref.Reference;
import java.util.Arrays;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;

/**
 * The heap a registry keeps per skill read from a git source, against the same skills
 * read from a folder, after full collections.
 */
final class SourcesHeap {

	private SourcesHeap() {
	}

	/**
	 * Measure.
	 * @param skills how many skills
	 * @param runs how many measurements to take the median of
	 * @return bytes per folder skill and per remote skill
	 */
	static long[] measure(int skills, int runs) {
		try (SourceTrees trees = new SourceTrees(skills)) {
			long[] folder = new long[runs];
			long[] remote = new long[runs];
			for (int run = 0; run < runs; run++) {
				long before = RetainedHeap.usedAfterGc();
				SkillsRegistry registry = trees.folderRegistry();
				folder[run] = (RetainedHeap.usedAfterGc() - before) / skills;
				Reference.reachabilityFence(registry);
				registry.close();

				SourceRefresher sources = trees.sources("heap-" + run);
				before = RetainedHeap.usedAfterGc();
				SkillsRegistry fromSource = SourceTrees.sourceRegistry(sources);
				remote[run] = (RetainedHeap.usedAfterGc() - before) / skills;
				Reference.reachabilityFence(fromSource);
				fromSource.close();
				sources.close();
			}
			Arrays.sort(folder);
			Arrays.sort(remote);
			return new long[] { folder[runs / 2], remote[runs / 2] };
		}
	}

}
