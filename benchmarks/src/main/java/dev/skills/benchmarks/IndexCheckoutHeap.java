package dev.skills.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.skills.sources.SourceRefresher;

/**
 * The heap a checkout of a published index holds, at several sizes of {@code SKILL.md}.
 * Each checkout runs in a JVM of its own (started with {@value #CHILD_HEAP}), so that
 * neither the index's server, which stays in this JVM, nor an earlier checkout shows in
 * the figure: there, every 50 ms of the checkout a full collection, and the most heap in
 * use after one, less the heap in use before the checkout. Median of runs. A checkout
 * that held each download whole would grow with the size; one that streams stays flat.
 */
public final class IndexCheckoutHeap {

	private static final String CHILD = "child";

	private static final String CHILD_HEAP = "-Xmx256m";

	private IndexCheckoutHeap() {
	}

	/**
	 * Print the heap held for 1,000 skills of 4 KB, 64 KB and 1 MB, and 100 of 8 MB; or,
	 * as the forked JVM ({@code child URL CACHE}), measure one checkout and print the
	 * bytes held.
	 * @param args none, or those of a forked JVM
	 * @throws Exception when a checkout fails
	 */
	public static void main(String[] args) throws Exception {
		if (args.length == 3 && CHILD.equals(args[0])) {
			System.out.println(checkout(args[1], Path.of(args[2])));
			return;
		}
		int[][] cases = { { 1000, 4 * 1024 }, { 1000, 64 * 1024 }, { 1000, 1024 * 1024 }, { 100, 8 * 1024 * 1024 } };
		for (int[] shape : cases) {
			System.out.printf(Locale.ROOT,
					"Index checkout of %,d skills of %,d bytes (%,d bytes in all): %,d bytes held beyond the heap "
							+ "before it (median of 3 JVMs, %s)%n",
					shape[0], shape[1], (long) shape[0] * shape[1], measure(shape[0], shape[1], 3), CHILD_HEAP);
		}
	}

	/**
	 * Measure.
	 * @param skills how many skills the index lists
	 * @param size the bytes of each
	 * @param runs how many checkouts, one JVM each, to take the median of
	 * @return the bytes held
	 * @throws Exception when a checkout fails
	 */
	static long measure(int skills, int size, int runs) throws Exception {
		long[] held = new long[runs];
		try (IndexSite site = new IndexSite(skills, size)) {
			for (int run = 0; run < runs; run++) {
				Path cache = Files.createTempDirectory("skills-bench-heap");
				try {
					held[run] = fork(site.url(), cache);
				}
				finally {
					SkillTrees.delete(cache);
				}
			}
		}
		Arrays.sort(held);
		return held[runs / 2];
	}

	private static long fork(String url, Path cache) throws IOException, InterruptedException {
		Path log = cache.resolve("child.log");
		Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				CHILD_HEAP, "-cp", System.getProperty("java.class.path"), IndexCheckoutHeap.class.getName(), CHILD, url,
				cache.resolve("sources").toString())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		if (!child.waitFor(10, TimeUnit.MINUTES)) {
			child.destroyForcibly();
			throw new IllegalStateException("the checkout took more than 10 minutes");
		}
		List<String> output = Files.readAllLines(log, StandardCharsets.UTF_8);
		if (child.exitValue() != 0 || output.isEmpty()) {
			throw new IllegalStateException("the checkout failed: " + String.join("\n", output));
		}
		return Long.parseLong(output.get(output.size() - 1).trim());
	}

	// In the forked JVM: one checkout into an empty cache, sampled.
	private static long checkout(String url, Path cache) {
		MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
		ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
		try (SourceRefresher sources = IndexSources.of(url, cache)) {
			long before = RetainedHeap.usedAfterGc();
			AtomicLong peak = new AtomicLong(before);
			ScheduledFuture<?> sampling = sampler.scheduleWithFixedDelay(() -> {
				System.gc();
				peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
			}, 0, 50, TimeUnit.MILLISECONDS);
			IndexSources.refresh(sources);
			sampling.cancel(false);
			return peak.get() - before;
		}
		finally {
			sampler.shutdownNow();
		}
	}

}
