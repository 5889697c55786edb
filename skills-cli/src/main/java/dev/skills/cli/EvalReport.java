package dev.skills.cli;

import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * What {@code skills eval} found, as JSON ({@code --format json}) or text.
 *
 * @param skillsLoaded how many skills the catalog ranked, the evaluated ones included
 * @param maxTokens the catalog's token budget
 * @param runs runs per query through the model, 0 without {@code --model-url}
 * @param threshold the trigger rate a query must reach
 * @param top without a model, the rank within which a should-not-trigger query fails;
 * {@code null} with a model, whose trigger rate decides instead
 * @param skills the result of each evaluated skill
 */
record EvalReport(int skillsLoaded, int maxTokens, int runs, double threshold, @Nullable Integer top,
		List<SkillResult> skills) {

	/**
	 * Whether every query of every skill passed.
	 * @return {@code true} when the exit code is 0
	 */
	@JsonProperty("passed")
	public boolean passed() {
		return this.skills.stream().allMatch(SkillResult::passed);
	}

	String text() {
		StringBuilder text = new StringBuilder();
		for (SkillResult skill : this.skills) {
			text.append(String.format(Locale.ROOT, "%s: %d of %d queries pass (%d skills, budget %d tokens%s)%n",
					skill.skill(), skill.queries().stream().filter(QueryResult::passed).count(), skill.queries().size(),
					this.skillsLoaded, this.maxTokens, (this.runs > 0)
							? String.format(Locale.ROOT, ", %d runs, threshold %.2f", this.runs, this.threshold) : ""));
			for (QueryResult query : skill.queries()) {
				text.append(String.format(Locale.ROOT, "  %s  %-19s %-10s rank %-4s%s%s  %s%n",
						query.passed() ? "pass" : "FAIL",
						query.shouldTrigger() ? "should trigger" : "should not trigger",
						query.listed() ? "listed" : "not listed", (query.rank() != null) ? query.rank() : "-",
						(query.triggerRate() != null) ? String.format(Locale.ROOT, "  rate %.2f", query.triggerRate())
								: "",
						overTriggers(query) ? String.format(Locale.ROOT, "  (ranks within the top %d)", this.top) : "",
						query.query()));
			}
		}
		text.append(passed() ? "All queries pass.\n" : "Some queries fail.\n");
		return text.toString();
	}

	// A should-not-trigger query that failed offline on its rank.
	private boolean overTriggers(QueryResult query) {
		return !query.shouldTrigger() && this.top != null && query.rank() != null && query.rank() <= this.top;
	}

	/**
	 * One evaluated skill.
	 *
	 * @param skill its name
	 * @param queries the result of each query
	 */
	record SkillResult(String skill, List<QueryResult> queries) {

		@JsonProperty("passed")
		public boolean passed() {
			return this.queries.stream().allMatch(QueryResult::passed);
		}

	}

	/**
	 * One query.
	 *
	 * @param query the query
	 * @param shouldTrigger whether the skill should be used for it
	 * @param listed whether the catalog lists the skill for it
	 * @param rank the skill's rank among those matching it, {@code null} when it does not
	 * match
	 * @param triggerRate the share of runs in which the model activated the skill, with
	 * {@code --model-url}
	 * @param passed whether a should-trigger query is listed, a should-not-trigger query
	 * (without a model) does not rank the skill within the top N, and the rate is on the
	 * right side of the threshold
	 */
	record QueryResult(String query, boolean shouldTrigger, boolean listed, @Nullable Integer rank,
			@Nullable Double triggerRate, boolean passed) {
	}

}
