package dev.skills.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;

/**
 * Measures the time from writing a {@code SKILL.md} to the registry holding the new
 * version, with hot reload on and the default debounce.
 */
final class ReloadLatency {

	private ReloadLatency() {
	}

	/**
	 * Measure.
	 * @param skills how many skills the watched folder holds
	 * @param warmup edits not counted
	 * @param edits edits measured
	 * @return latencies in milliseconds: median and 99th percentile
	 */
	static Result measure(int skills, int warmup, int edits) {
		Path root = SkillTrees.create(skills);
		AtomicReference<CompletableFuture<Long>> seen = new AtomicReference<>();
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(SkillTrees.locations(root, skills)).hotReload(true).build())) {
			registry.addListener((change) -> {
				CompletableFuture<Long> future = seen.get();
				if (future != null && !change.changed().isEmpty()) {
					future.complete(System.nanoTime());
				}
			});
			double[] millis = new double[edits];
			for (int i = 0; i < warmup + edits; i++) {
				int skill = i % skills;
				CompletableFuture<Long> future = new CompletableFuture<>();
				seen.set(future);
				long start = System.nanoTime();
				Files.writeString(SkillTrees.skillFile(root, skill), SkillTrees.content(skill, " Edit " + i + "."));
				long end = future.get(5, TimeUnit.SECONDS);
				if (i >= warmup) {
					millis[i - warmup] = (end - start) / 1e6;
				}
				Thread.sleep(20);
			}
			Arrays.sort(millis);
			return new Result(millis[edits / 2], millis[(int) Math.ceil(edits * 0.99) - 1],
					registry.config().watchDebounce().toMillis());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (java.util.concurrent.ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("An edit was not seen within 5 s", ex);
		}
		finally {
			SkillTrees.delete(root);
		}
	}

	/**
	 * Latencies.
	 *
	 * @param medianMillis the median
	 * @param p99Millis the 99th percentile
	 * @param debounceMillis the debounce in force
	 */
	record Result(double medianMillis, double p99Millis, long debounceMillis) {
	}

}
