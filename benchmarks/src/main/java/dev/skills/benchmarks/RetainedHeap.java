package dev.skills.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.util.Arrays;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;

/**
 * Measures the heap a registry keeps per skill, after full collections, and compares it
 * with the frontmatter text each skill has (bodies are not kept).
 */
final class RetainedHeap {

	private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

	private RetainedHeap() {
	}

	/**
	 * Measure.
	 * @param skills how many skills to load
	 * @param runs how many measurements to take the median of
	 * @return the result
	 */
	static Result measure(int skills, int runs) {
		Path root = SkillTrees.create(skills);
		try {
			long[] perSkill = new long[runs];
			for (int run = 0; run < runs; run++) {
				long before = usedAfterGc();
				SkillsRegistry registry = SkillsRegistry
					.create(SkillConfig.builder().skillsDir(SkillTrees.locations(root, skills)).build());
				registry.diagnostics();
				long after = usedAfterGc();
				perSkill[run] = (after - before) / skills;
				Reference.reachabilityFence(registry);
				registry.close();
			}
			Arrays.sort(perSkill);
			// Strings of ASCII text take one byte per character (compact strings).
			long frontmatter = SkillTrees.frontmatter(skills / 2, "").length();
			return new Result(perSkill[runs / 2], frontmatter);
		}
		finally {
			SkillTrees.delete(root);
		}
	}

	static long usedAfterGc() {
		for (int i = 0; i < 4; i++) {
			System.gc();
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		return MEMORY.getHeapMemoryUsage().getUsed();
	}

	/**
	 * The retained heap per skill.
	 *
	 * @param bytesPerSkill the median retained bytes per skill
	 * @param frontmatterBytes the frontmatter text of one skill, in bytes
	 */
	record Result(long bytesPerSkill, long frontmatterBytes) {

		long beyondFrontmatter() {
			return this.bytesPerSkill - this.frontmatterBytes;
		}

	}

}
