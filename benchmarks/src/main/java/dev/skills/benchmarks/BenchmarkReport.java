package dev.skills.benchmarks;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs every measurement and prints the figures docs/performance.md quotes, each as a
 * ratio against a baseline measured in the same run. Arguments choose sections:
 * {@code heap}, {@code latency}, {@code discovery}, {@code reload}, {@code listeners},
 * {@code advisor}, {@code catalog}, {@code eval}, {@code stores}, {@code sources},
 * {@code mcp}, {@code scripts}; none means all.
 */
public final class BenchmarkReport {

	private BenchmarkReport() {
	}

	public static void main(String[] args) throws RunnerException {
		Set<String> sections = (args.length == 0) ? Set.of("heap", "latency", "discovery", "reload", "listeners",
				"advisor", "catalog", "eval", "stores", "sources", "mcp", "scripts") : Set.of(args);
		StringBuilder report = new StringBuilder("\n== Skills for Spring AI: benchmark report ==\n");
		if (sections.contains("heap")) {
			RetainedHeap.Result heap = RetainedHeap.measure(10_000, 5);
			report.append(String.format(Locale.ROOT,
					"Retained heap per skill (10,000 skills, median of 5): %d bytes, of which frontmatter text %d: "
							+ "%d bytes beyond the frontmatter (target < 2048)%n",
					heap.bytesPerSkill(), heap.frontmatterBytes(), heap.beyondFrontmatter()));
		}
		if (sections.contains("mcp")) {
			McpServing.Result mcp = McpServing.measure(1000, 200, 5, 200);
			report.append(String
				.format(Locale.ROOT, "MCP over streamable HTTP, 1,000 skills (%d resources), 5 runs of 200 requests: "
						+ "ping (baseline) median %.2f ms, p99 %.2f ms; resources/list median %.2f ms (%.1fx ping), "
						+ "p99 %.2f ms; resources/read of a SKILL.md median %.2f ms (%.1fx ping), p99 %.2f ms; "
						+ "spread of run medians %.2f / %.2f / %.2f ms%n", mcp.resources(), mcp.ping().medianMillis(),
						mcp.ping().p99Millis(), mcp.list().medianMillis(),
						mcp.list().medianMillis() / mcp.ping().medianMillis(), mcp.list().p99Millis(),
						mcp.read().medianMillis(), mcp.read().medianMillis() / mcp.ping().medianMillis(),
						mcp.read().p99Millis(), mcp.ping().runMedianSpread(), mcp.list().runMedianSpread(),
						mcp.read().runMedianSpread()));
		}
		if (sections.contains("latency")) {
			ReloadLatency.Result latency = ReloadLatency.measure(100, 20, 200);
			report.append(String.format(Locale.ROOT,
					"File change to registry update (100 skills, 200 edits, debounce %d ms): median %.1f ms, "
							+ "p99 %.1f ms (target p99 < 250)%n",
					latency.debounceMillis(), latency.medianMillis(), latency.p99Millis()));
		}
		if (sections.contains("discovery")) {
			discovery(report);
		}
		if (sections.contains("reload")) {
			Map<String, Double> scores = run(ReloadBenchmark.class);
			double small = scores.get("refreshOneEditedSkill:10");
			double large = scores.get("refreshOneEditedSkill:10000");
			report.append(String.format(Locale.ROOT,
					"Reload after editing one skill: %.1f us with 10 skills, %.1f us with 10,000 = %.2fx (target <= 2x)%n",
					small, large, large / small));
		}
		if (sections.contains("listeners")) {
			Map<String, Double> medians = run(SlowListenerBenchmark.class, 50);
			double none = medians.get("refreshOneEditedSkill:none");
			double slow = medians.get("refreshOneEditedSkill:slow");
			report.append(String.format(Locale.ROOT,
					"Reload after editing one of 1,000 skills: median %.1f us without a listener, %.1f us with one "
							+ "that takes 50 ms per change = %.2fx (target <= 1.5x)%n",
					none, slow, slow / none));
		}
		if (sections.contains("advisor")) {
			Map<String, Double> medians = run(AdvisorBenchmark.class, 50);
			for (String budget : List.of("100000", "4000")) {
				double baseline = medians.get("baselineCopyRequest:" + budget);
				for (String benchmark : List.of("adviseNewConversation", "adviseConversationWithActiveSkill")) {
					double median = medians.get(benchmark + ":" + budget);
					report.append(String.format(Locale.ROOT,
							"SkillsAdvisor with 1,000 skills, budget %s tokens, %s: median %.1f us vs baseline "
									+ "request copy %.2f us = +%.1f us (target median < 50 us when the catalog fits)%n",
							budget, benchmark, median, baseline, median - baseline));
				}
			}
		}
		if (sections.contains("catalog")) {
			catalog(report);
		}
		if (sections.contains("eval")) {
			report.append(RoutingEval.report());
		}
		if (sections.contains("stores")) {
			report.append(ActiveSkillsStoreBenchmark.report());
		}
		if (sections.contains("sources")) {
			sources(report);
		}
		if (sections.contains("scripts")) {
			scripts(report);
		}
		System.out.println(report);
	}

	// Ours and, when its jar is given, spring-ai-agent-utils' loader against the floor of
	// the same run.
	private static void discovery(StringBuilder report) throws RunnerException {
		boolean agentUtils = !System.getProperty(DiscoveryBenchmark.AGENT_UTILS, "").isBlank();
		String methods = agentUtils ? "(baselineWalkAndReadBytes|discover|agentUtilsLoadDirectories)"
				: "(baselineWalkAndReadBytes|discover)";
		Collection<RunResult> results = new Runner(
				new OptionsBuilder().include(DiscoveryBenchmark.class.getName() + "\\." + methods + "$")
					.addProfiler(GCProfiler.class)
					.shouldFailOnError(true)
					.build())
			.run();
		if (!agentUtils) {
			report.append("spring-ai-agent-utils' loader not measured: run with -D" + DiscoveryBenchmark.AGENT_UTILS
					+ "=<its jar> (see docs/performance.md)\n");
		}
		for (String tree : List.of("project", "peer")) {
			for (String skills : List.of("1000", "10000")) {
				int count = Integer.parseInt(skills);
				RunResult baseline = find(results, "baselineWalkAndReadBytes", tree, skills);
				double floor = baseline.getPrimaryResult().getScore();
				RunResult discover = find(results, "discover", tree, skills);
				report.append(String.format(Locale.ROOT,
						"Discovery, %s tree, %s skills: %.1f ms vs floor (walk + read every byte) %.1f ms = %.2fx; "
								+ "allocated %.0f vs %.0f bytes per skill (target peer tree at 10,000: <= 0.9x)%n",
						tree, skills, discover.getPrimaryResult().getScore(), floor,
						discover.getPrimaryResult().getScore() / floor, allocated(discover) / count,
						allocated(baseline) / count));
				if (agentUtils) {
					RunResult theirs = find(results, "agentUtilsLoadDirectories", tree, skills);
					report.append(String.format(Locale.ROOT,
							"  spring-ai-agent-utils Skills.loadDirectories, same tree: %.1f ms = %.2fx the floor; "
									+ "allocated %.0f bytes per skill%n",
							theirs.getPrimaryResult().getScore(), theirs.getPrimaryResult().getScore() / floor,
							allocated(theirs) / count));
				}
			}
		}
	}

	private static void sources(StringBuilder report) throws RunnerException {
		Collection<RunResult> results = new Runner(
				new OptionsBuilder().include(SourcesBenchmark.class.getName() + "\\.")
					.addProfiler(GCProfiler.class)
					.shouldFailOnError(true)
					.build())
			.run();
		for (String shape : List.of("project", "peer")) {
			RunResult baseline = find(results, "baselineFolderRescan", shape);
			for (String method : List.of("refreshUnchanged", "refreshOneChangedSkill")) {
				RunResult result = find(results, method, shape);
				report.append(String.format(Locale.ROOT,
						"Git source of 1,000 skills (%s tree), %s: %.2f ms vs rescan of the same folder %.2f ms = "
								+ "%.2fx; allocated %.0f vs %.0f bytes per call%n",
						shape, method, result.getPrimaryResult().getScore(), baseline.getPrimaryResult().getScore(),
						result.getPrimaryResult().getScore() / baseline.getPrimaryResult().getScore(),
						allocated(result), allocated(baseline)));
			}
		}
		indexSources(report);
		long[] heap = SourcesHeap.measure(1000, 3);
		report.append(String.format(Locale.ROOT,
				"Retained heap per skill (1,000 skills, median of 3): folder %d bytes, git source %d bytes = %.2fx "
						+ "(target within 10%%)%n",
				heap[0], heap[1], (double) heap[1] / heap[0]));
	}

	private static void indexSources(StringBuilder report) throws RunnerException {
		Collection<RunResult> results = new Runner(
				new OptionsBuilder().include(IndexSourcesBenchmark.class.getName() + "\\.")
					.addProfiler(GCProfiler.class)
					.shouldFailOnError(true)
					.build())
			.run();
		RunResult baseline = withParam(results, "baselineConditionalGet", "size", "4096");
		RunResult folder = withParam(results, "baselineFolderRescan", "size", "4096");
		RunResult unchanged = withParam(results, "refreshUnchanged", "size", "4096");
		report.append(String.format(Locale.ROOT,
				"Index of 1,000 skills, refresh of the unchanged index: %.3f ms vs its conditional GET alone %.3f ms = "
						+ "%.2fx, vs a rescan of the same skills as a folder %.3f ms = %.2fx; allocated %.0f vs %.0f "
						+ "and %.0f bytes per call%n",
				unchanged.getPrimaryResult().getScore(), baseline.getPrimaryResult().getScore(),
				unchanged.getPrimaryResult().getScore() / baseline.getPrimaryResult().getScore(),
				folder.getPrimaryResult().getScore(),
				unchanged.getPrimaryResult().getScore() / folder.getPrimaryResult().getScore(), allocated(unchanged),
				allocated(baseline), allocated(folder)));
		for (String size : List.of("4096", "65536")) {
			RunResult checkout = withParam(results, "checkoutEverySkill", "size", size);
			report.append(String.format(Locale.ROOT,
					"Index of 1,000 skills of %s bytes, checkout of every skill into an empty cache: %.0f ms; "
							+ "allocated %.0f bytes%n",
					size, checkout.getPrimaryResult().getScore(), allocated(checkout)));
		}
	}

	private static void scripts(StringBuilder report) throws RunnerException {
		Map<String, RunResult> results = new HashMap<>();
		for (RunResult result : new Runner(new OptionsBuilder().include(ScriptSandboxBenchmark.class.getName() + "\\.")
			.addProfiler(GCProfiler.class)
			.shouldFailOnError(true)
			.build()).run()) {
			String method = result.getParams().getBenchmark();
			results.put(method.substring(method.lastIndexOf('.') + 1), result);
		}
		double plain = results.get("baselinePlainProcess").getPrimaryResult().getScore();
		double bare = results.get("bareBwrap").getPrimaryResult().getScore();
		double sandboxed = results.get("sandboxedTrue").getPrimaryResult().getScore();
		report.append(String.format(Locale.ROOT,
				"Script sandbox, a true script per call: %.2f ms vs plain process start %.2f ms = %.1fx (+%.2f ms); "
						+ "one bare bwrap --unshare-all %.2f ms = %.1fx; allocated %.0f vs %.0f bytes per call%n",
				sandboxed, plain, sandboxed / plain, sandboxed - plain, bare, bare / plain,
				allocated(results.get("sandboxedTrue")), allocated(results.get("baselinePlainProcess"))));
	}

	private static RunResult find(Collection<RunResult> results, String method, String shape) {
		return withParam(results, method, "shape", shape);
	}

	private static RunResult withParam(Collection<RunResult> results, String method, String param, String value) {
		for (RunResult result : results) {
			if (result.getParams().getBenchmark().endsWith("." + method)
					&& value.equals(result.getParams().getParam(param))) {
				return result;
			}
		}
		throw new IllegalStateException("No result for " + method + " " + value);
	}

	private static void catalog(StringBuilder report) throws RunnerException {
		for (int bodyChars : new int[] { 0, KeywordSkillIndex.DEFAULT_BODY_CHARS }) {
			long[] heap = CatalogHeap.measure(10_000, 3, bodyChars);
			report.append(String.format(Locale.ROOT,
					"Catalog heap per skill (10,000 skills, keyword index with %d body chars and token counts, median "
							+ "of 3): %d bytes, next to %d bytes for the registry alone%n",
					bodyChars, heap[1], heap[0]));
		}
		double[] startup = IndexStartup.measure(10_000, 5);
		report.append(String.format(Locale.ROOT,
				"Keyword index start-up (10,000 skills, median of 5): frontmatter index %.0f ms (what the first "
						+ "request that needs it waits for), then body prefixes %.0f ms on the registry's listener thread%n",
				startup[0], startup[1]));
		Map<String, RunResult> results = new HashMap<>();
		for (RunResult result : new Runner(new OptionsBuilder().include(CatalogBenchmark.class.getName() + "\\.")
			.addProfiler(GCProfiler.class)
			.shouldFailOnError(true)
			.build()).run()) {
			String method = result.getParams().getBenchmark();
			results.put(method.substring(method.lastIndexOf('.') + 1) + ":" + result.getParams().getParam("skills")
					+ ":" + result.getParams().getParam("bodyChars"), result);
		}
		for (String bodyChars : List.of("0", "2048")) {
			for (String skills : List.of("10", "10000")) {
				String key = ":" + skills + ":" + bodyChars;
				double baseline = percentile(results.get("baselineCopyRequest" + key), 50);
				for (String benchmark : List.of("adviseSpecificMessage", "adviseBroadMessage", "adviseFollowUpTurn")) {
					RunResult result = results.get(benchmark + key);
					double median = percentile(result, 50);
					report.append(String.format(Locale.ROOT,
							"SkillsAdvisor with the 4,000-token budget, %s skills, body chars %s, %s: median %.1f us "
									+ "(%.0fx the request copy), p99 %.1f us, %.0f bytes allocated per request "
									+ "(target at 10,000: median < 1,000 us, p99 < 5,000 us)%n",
							skills, bodyChars, benchmark, median, median / baseline, percentile(result, 99),
							allocated(result)));
				}
			}
			double small = percentile(results.get("reindexOneChangedSkill:10:" + bodyChars), 50);
			double large = percentile(results.get("reindexOneChangedSkill:10000:" + bodyChars), 50);
			report.append(String.format(Locale.ROOT,
					"Keyword index update for one changed skill, body chars %s: median %.0f us with 10 skills, %.0f us "
							+ "with 10,000 = %.2fx (target < 10,000 us)%n",
					bodyChars, small, large, large / small));
		}
	}

	private static double percentile(RunResult result, double percentile) {
		return result.getPrimaryResult().getStatistics().getPercentile(percentile);
	}

	private static RunResult find(Collection<RunResult> results, String method, String tree, String skills) {
		for (RunResult result : results) {
			if (result.getParams().getBenchmark().endsWith("." + method)
					&& result.getParams().getParam("tree").equals(tree)
					&& result.getParams().getParam("skills").equals(skills)) {
				return result;
			}
		}
		throw new IllegalStateException("No result for " + method + " " + tree + " " + skills);
	}

	private static double allocated(RunResult result) {
		return result.getSecondaryResults()
			.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().endsWith("gc.alloc.rate.norm"))
			.mapToDouble((entry) -> entry.getValue().getScore())
			.findFirst()
			.orElse(Double.NaN);
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
