package dev.skills.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.skills.sources.SourceRefresher;

/**
 * The heap a checkout of a 1,000-skill index holds, at several sizes of {@code SKILL.md}:
 * every 50 ms of the checkout a full collection, and the most heap in use after one, less
 * the heap in use before the checkout; median of runs. A checkout that held each download
 * whole would grow with the size; one that streams stays flat.
 */
public final class IndexCheckoutHeap {

	private IndexCheckoutHeap() {
	}

	/**
	 * Print the heap held for 1,000 skills of 4 KB, 64 KB and 1 MB, and 100 of 8 MB.
	 * @param args unused
	 */
	public static void main(String[] args) {
		int[][] cases = { { 1000, 4 * 1024 }, { 1000, 64 * 1024 }, { 1000, 1024 * 1024 }, { 100, 8 * 1024 * 1024 } };
		for (int[] checkout : cases) {
			System.out.printf(Locale.ROOT,
					"Index checkout of %,d skills of %,d bytes: %,d bytes held beyond the heap before it "
							+ "(median of 3)%n",
					checkout[0], checkout[1], measure(checkout[0], checkout[1], 3));
		}
	}

	/**
	 * Measure.
	 * @param skills how many skills the index lists
	 * @param size the bytes of each
	 * @param runs how many checkouts to take the median of
	 * @return the bytes held
	 */
	static long measure(int skills, int size, int runs) {
		long[] held = new long[runs];
		MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
		ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
		try (IndexSite site = new IndexSite(skills, size)) {
			Path cache = Files.createTempDirectory("skills-bench-heap");
			try {
				for (int run = 0; run < runs; run++) {
					try (SourceRefresher sources = IndexSources.of(site.url(), cache.resolve("run-" + run))) {
						long before = RetainedHeap.usedAfterGc();
						AtomicLong peak = new AtomicLong(before);
						var sampling = sampler.scheduleWithFixedDelay(() -> {
							System.gc();
							peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
						}, 0, 50, TimeUnit.MILLISECONDS);
						IndexSources.refresh(sources);
						sampling.cancel(false);
						held[run] = peak.get() - before;
					}
				}
			}
			finally {
				SkillTrees.delete(cache);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			sampler.shutdownNow();
		}
		Arrays.sort(held);
		return held[runs / 2];
	}

}
