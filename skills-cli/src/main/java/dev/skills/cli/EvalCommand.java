package dev.skills.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skills eval PATH}: whether each skill's description gets it listed for the
 * queries of its {@code eval_queries.json}, among the other skills, and with
 * {@code --model-url} whether a real model activates it.
 */
@Command(name = "eval", mixinStandardHelpOptions = true, description = {
		"Check whether skills trigger: for each query of a skill's eval_queries.json "
				+ "([{\"query\": \"...\", \"should_trigger\": true|false}]), report whether the catalog within its "
				+ "token budget lists the skill among the others, and its rank. With --model-url, also run each query "
				+ "through a ChatClient with the skills advisor and report the trigger rate.",
		"Without a model, a should_trigger=false query fails when the skill ranks within the top N for it "
				+ "(--top): the description would pull it in for that query.",
		"Exit code 0 when every query passes, 1 when a should_trigger query is not listed, a should-not-trigger "
				+ "query ranks the skill within the top N, or a trigger rate misses the threshold, 2 for bad usage "
				+ "or a model that does not answer." })
final class EvalCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "PATH", description = "A skill folder, or a folder of skills.")
	private Path path;

	@Option(names = "--against", paramLabel = "FOLDER",
			description = "Other skills the catalog ranks as competition (repeatable).")
	private List<Path> against = new ArrayList<>();

	@Option(names = "--queries", paramLabel = "FILE",
			description = "Queries to use instead of the skill's eval_queries.json (PATH must be one skill).")
	private Path queries;

	@Option(names = "--format", defaultValue = "text", description = "Output format: ${COMPLETION-CANDIDATES}.")
	private Format format;

	@Option(names = "--max-tokens", defaultValue = "" + SkillCatalog.DEFAULT_MAX_TOKENS,
			description = "The catalog's token budget (default: ${DEFAULT-VALUE}).")
	private int maxTokens;

	@Option(names = "--model-url", paramLabel = "URL",
			description = "An OpenAI-compatible endpoint, such as https://api.openai.com/v1; the key is read "
					+ "from OPENAI_API_KEY.")
	private String modelUrl;

	@Option(names = "--model", defaultValue = "gpt-4o-mini", description = "The model (default: ${DEFAULT-VALUE}).")
	private String model;

	@Option(names = "--runs", defaultValue = "3", description = "Runs per query with --model-url (default: 3).")
	private int runs;

	@Option(names = "--threshold", defaultValue = "0.5",
			description = "The trigger rate a should_trigger query must reach, and others stay below (default: 0.5).")
	private double threshold;

	@Option(names = "--top", paramLabel = "N", defaultValue = "3",
			description = "Without --model-url, a should_trigger=false query fails when the skill ranks within the top N "
					+ "for it (default: ${DEFAULT-VALUE}).")
	private int top;

	@Override
	public Integer call() {
		checkOptions();
		List<Path> evaluated = SkillPaths.expand(this.path);
		List<String> locations = new ArrayList<>();
		evaluated.forEach((skill) -> locations.add(skill.toString()));
		for (Path other : this.against) {
			SkillPaths.expand(other).forEach((skill) -> locations.add(skill.toString()));
		}
		PrintWriter out = this.spec.commandLine().getOut();
		PrintWriter err = this.spec.commandLine().getErr();
		try (SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().skillsDir(locations).build())) {
			registry.discover(locations);
			Map<String, List<EvalQueries.Query>> suites = suites(registry, evaluated);
			try (CatalogTrial catalog = new CatalogTrial(registry, this.maxTokens)) {
				ModelTrial model = (this.modelUrl != null)
						? new ModelTrial(registry, catalog.catalog(), this.modelUrl, apiKey(), this.model) : null;
				EvalReport report = new EvalReport(registry.size(), this.maxTokens, (model != null) ? this.runs : 0,
						this.threshold, (model != null) ? null : this.top, new ArrayList<>());
				suites.forEach((skill, queries) -> report.skills().add(evaluate(skill, queries, catalog, model)));
				out.print((this.format == Format.JSON) ? Json.write(report) + "\n" : report.text());
				out.flush();
				return report.passed() ? 0 : 1;
			}
			catch (RuntimeException ex) {
				if (this.modelUrl == null) {
					throw ex;
				}
				err.println("Error: the model at " + this.modelUrl + " did not answer: " + ex.getMessage());
				err.flush();
				return 2;
			}
		}
	}

	private void checkOptions() {
		if (this.runs < 1 || this.runs > 100) {
			throw new ParameterException(this.spec.commandLine(), "--runs must be 1 to 100, not " + this.runs);
		}
		if (!(this.threshold > 0 && this.threshold <= 1)) {
			throw new ParameterException(this.spec.commandLine(),
					"--threshold must be above 0 and at most 1, not " + this.threshold);
		}
		if (this.top < 1 || this.top > CatalogTrial.MAX_RANK) {
			throw new ParameterException(this.spec.commandLine(),
					"--top must be 1 to " + CatalogTrial.MAX_RANK + ", not " + this.top);
		}
		if (this.maxTokens < 1) {
			throw new ParameterException(this.spec.commandLine(), "--max-tokens must be at least 1");
		}
	}

	// The queries of each skill under evaluation, by name, in catalog order.
	private Map<String, List<EvalQueries.Query>> suites(SkillsRegistry registry, List<Path> evaluated) {
		List<SkillMeta> skills = new ArrayList<>();
		for (SkillMeta meta : registry.snapshot().skills()) {
			for (Path folder : evaluated) {
				if (Path.of(meta.baseDirectory())
					.toAbsolutePath()
					.normalize()
					.equals(folder.toAbsolutePath().normalize())) {
					skills.add(meta);
				}
			}
		}
		if (skills.isEmpty()) {
			throw new ParameterException(this.spec.commandLine(), "No skill could be loaded from " + this.path);
		}
		if (this.queries != null && skills.size() > 1) {
			throw new ParameterException(this.spec.commandLine(),
					"--queries needs PATH to be one skill; " + this.path + " holds " + skills.size());
		}
		Map<String, List<EvalQueries.Query>> suites = new LinkedHashMap<>();
		for (SkillMeta skill : skills) {
			Path file = (this.queries != null) ? this.queries
					: Path.of(skill.baseDirectory()).resolve(EvalQueries.FILE_NAME);
			if (this.queries != null || Files.exists(file)) {
				try {
					suites.put(skill.name(), EvalQueries.read(file, file.toString()));
				}
				catch (IllegalArgumentException ex) {
					throw new ParameterException(this.spec.commandLine(), ex.getMessage());
				}
			}
		}
		if (suites.isEmpty()) {
			throw new ParameterException(this.spec.commandLine(), "No " + EvalQueries.FILE_NAME + " in the skills of "
					+ this.path + "; write one or pass --queries FILE");
		}
		return suites;
	}

	private EvalReport.SkillResult evaluate(String skill, List<EvalQueries.Query> queries, CatalogTrial catalog,
			ModelTrial model) {
		List<EvalReport.QueryResult> results = new ArrayList<>();
		for (EvalQueries.Query query : queries) {
			CatalogTrial.Outcome outcome = catalog.run(skill, query.query());
			Double rate = null;
			if (model != null) {
				int triggered = 0;
				for (int run = 0; run < this.runs; run++) {
					triggered += model.triggers(skill, query.query()) ? 1 : 0;
				}
				rate = (double) triggered / this.runs;
			}
			boolean rankAsNeeded = query.shouldTrigger() ? outcome.listed() : (model != null || !ranksTop(outcome));
			boolean rateAsNeeded = rate == null
					|| (query.shouldTrigger() ? rate >= this.threshold : rate < this.threshold);
			results.add(new EvalReport.QueryResult(query.query(), query.shouldTrigger(), outcome.listed(),
					outcome.rank(), rate, rankAsNeeded && rateAsNeeded));
		}
		return new EvalReport.SkillResult(skill, results);
	}

	// Offline, a listed skill says nothing while the whole catalog fits: its rank for the
	// query is what shows a description that over-triggers.
	private boolean ranksTop(CatalogTrial.Outcome outcome) {
		return outcome.rank() != null && outcome.rank() <= this.top;
	}

	private static String apiKey() {
		String key = System.getenv("OPENAI_API_KEY");
		return (key != null && !key.isBlank()) ? key : "none";
	}

	/**
	 * Output formats.
	 */
	enum Format {

		TEXT, JSON;

		@Override
		public String toString() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

}
