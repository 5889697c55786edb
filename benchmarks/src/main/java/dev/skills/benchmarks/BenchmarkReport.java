package dev.skills.benchmarks;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs every measurement and prints the figures the README quotes, each as a ratio against a
 * baseline measured in the same run. Arguments choose sections: {@code heap}, {@code latency},
 * {@code discovery}, {@code reload}, {@code advisor}, {@code stores}; none means all.
 */
public final class BenchmarkReport {

	private BenchmarkReport() {
	}

	public static void main(String[] args) throws RunnerException {
		Set<String> sections = (args.length == 0) ? Set.of("heap", "latency", "discovery", "reload", "advisor", "stores")
				: Set.of(args);
		StringBuilder report = new StringBuilder("\n== Skills for Spring AI: benchmark report ==\n");
		if (sections.contains("heap")) {
			RetainedHeap.Result heap = RetainedHeap.measure(10_000, 5);
			report.append(String.format(Locale.ROOT,
					"Retained heap per skill (10,000 skills, median of 5): %d bytes, of which frontmatter text %d: "
							+ "%d bytes beyond the frontmatter (target < 2048)%n",
					heap.bytesPerSkill(), heap.frontmatterBytes(), heap.beyondFrontmatter()));
		}
		if (sections.contains("latency")) {
			ReloadLatency.Result latency = ReloadLatency.measure(100, 20, 200);
			report.append(String.format(Locale.ROOT,
					"File change to registry update (100 skills, 200 edits, debounce %d ms): median %.1f ms, "
							+ "p99 %.1f ms (target p99 < 250)%n",
					latency.debounceMillis(), latency.medianMillis(), latency.p99Millis()));
		}
		if (sections.contains("discovery")) {
			Map<String, Double> scores = run(DiscoveryBenchmark.class);
			for (String skills : List.of("1000", "10000")) {
				double baseline = scores.get("baselineWalkAndReadBytes:" + skills);
				double discover = scores.get("discover:" + skills);
				report.append(String.format(Locale.ROOT,
						"Discovery of %s skills: %.1f ms vs baseline walk + read %.1f ms = %.2fx (target <= 1.5x at 10,000)%n",
						skills, discover, baseline, discover / baseline));
			}
		}
		if (sections.contains("reload")) {
			Map<String, Double> scores = run(ReloadBenchmark.class);
			double small = scores.get("refreshOneEditedSkill:10");
			double large = scores.get("refreshOneEditedSkill:10000");
			report.append(String.format(Locale.ROOT,
					"Reload after editing one skill: %.1f us with 10 skills, %.1f us with 10,000 = %.2fx (target <= 2x)%n",
					small, large, large / small));
		}
		if (sections.contains("advisor")) {
			Map<String, Double> medians = run(AdvisorBenchmark.class, 50);
			double baseline = medians.get("baselineCopyRequest:");
			for (String benchmark : List.of("adviseNewConversation", "adviseConversationWithActiveSkill")) {
				double median = medians.get(benchmark + ":");
				report.append(String.format(Locale.ROOT,
						"SkillsAdvisor with 1,000 skills, %s: median %.1f us vs baseline request copy %.2f us "
								+ "= +%.1f us (target median < 50 us)%n",
						benchmark, median, baseline, median - baseline));
			}
		}
		if (sections.contains("stores")) {
			report.append(ActiveSkillsStoreBenchmark.report());
		}
		System.out.println(report);
	}

	private static Map<String, Double> run(Class<?> benchmark) throws RunnerException {
		return run(benchmark, -1);
	}

	// The primary score, or the given percentile of a sample-time benchmark.
	private static Map<String, Double> run(Class<?> benchmark, double percentile) throws RunnerException {
		Collection<RunResult> results = new Runner(
				new OptionsBuilder().include(benchmark.getName() + "\\.").shouldFailOnError(true).build())
			.run();
		Map<String, Double> scores = new HashMap<>();
		for (RunResult result : results) {
			String method = result.getParams().getBenchmark();
			String name = method.substring(method.lastIndexOf('.') + 1);
			String param = result.getParams().getParamsKeys().isEmpty() ? ""
					: result.getParams().getParam(result.getParams().getParamsKeys().iterator().next());
			scores.put(name + ":" + param, (percentile < 0) ? result.getPrimaryResult().getScore()
					: result.getPrimaryResult().getStatistics().getPercentile(percentile));
		}
		return scores;
	}

}
