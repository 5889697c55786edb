package dev.skills.spring.ai.tool;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.SkillOffer;
import dev.skills.spring.ai.observation.DefaultSkillSearchObservationConvention;
import dev.skills.spring.ai.observation.SkillSearchObservationContext;
import dev.skills.spring.ai.observation.SkillSearchObservationConvention;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * {@code search_skills(query)}: the skills best matching a few keywords, best first, each
 * as its catalog line. Offered only when the catalog lists some skills and not others.
 */
final class SearchSkillsTool extends SkillToolCallback {

	// The longest answer, in characters.
	static final int MAX_ANSWER = 20_000;

	private static final SkillSearchObservationConvention DEFAULT_CONVENTION = new DefaultSkillSearchObservationConvention();

	private final SkillCatalog catalog;

	private final Supplier<SkillsSnapshot> current;

	private final SkillOffer offer;

	private final SkillToolInvoker invoker;

	private final @Nullable SkillSearchObservationConvention convention;

	SearchSkillsTool(SkillCatalog catalog, Supplier<SkillsSnapshot> current, SkillOffer offer, SkillToolInvoker invoker,
			@Nullable SkillSearchObservationConvention convention) {
		super(SkillToolDefinitions.search());
		this.catalog = catalog;
		this.current = current;
		this.offer = offer;
		this.invoker = invoker;
		this.convention = convention;
	}

	@Override
	String run(String toolInput, Map<String, Object> context) {
		String query;
		try {
			query = argument(toolInput, "query");
		}
		catch (IllegalArgumentException ex) {
			return "Error: " + ex.getMessage() + ". Call search_skills with {\"query\": \"<keywords>\"}.";
		}
		if (query == null) {
			return "Error: query is required: a few keywords of the task, for example {\"query\": \"fill pdf form\"}.";
		}
		SkillSearchObservationContext observed = new SkillSearchObservationContext(query);
		observed.setSkillSet(this.invoker.setTag(SkillsToolContext.skillSet(context)));
		Observation observation = SkillsObservationDocumentation.SKILL_SEARCH
			.observation(this.convention, DEFAULT_CONVENTION, () -> observed, this.invoker.observations())
			.start();
		List<SkillMeta> found;
		try (Observation.Scope scope = observation.openScope()) {
			found = this.catalog.search(SkillsToolContext.snapshot(context, this.current), this.offer, query);
			observed.setHits(found.size());
		}
		catch (RuntimeException ex) {
			observation.error(ex);
			throw ex;
		}
		finally {
			observation.stop();
		}
		if (found.isEmpty()) {
			return "No skill matches these keywords. Try other words, or go on without a skill.";
		}
		return answer(found);
	}

	// Shortened entries, as in a partial catalog, within MAX_ANSWER characters; an entry
	// that does not fit is counted, not cut.
	private static String answer(List<SkillMeta> found) {
		StringBuilder out = new StringBuilder();
		int left = 0;
		for (SkillMeta meta : found) {
			String entry = SkillPrompts.catalogEntry(meta, true);
			if (out.length() + entry.length() + 1 > MAX_ANSWER) {
				left++;
				continue;
			}
			out.append((out.length() > 0) ? "\n" : "").append(entry);
		}
		if (left > 0) {
			out.append((out.length() > 0) ? "\n" : "")
				.append("(")
				.append(left)
				.append(" more matches not shown: use more specific keywords.)");
		}
		return out.toString();
	}

}
