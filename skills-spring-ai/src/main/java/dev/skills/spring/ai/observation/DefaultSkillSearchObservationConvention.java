package dev.skills.spring.ai.observation;

import dev.skills.spring.ai.observation.SkillsObservationDocumentation.SearchDetailKeyNames;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation.SearchKeyNames;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;

/**
 * The default names and tags of {@code search_skills}: whether it found anything and the
 * skill set as tags; the query's length and the number of hits as high-cardinality
 * values. The query text is never recorded: it is the user's words.
 */
public class DefaultSkillSearchObservationConvention implements SkillSearchObservationConvention {

	private static final String TOOL = "search_skills";

	@Override
	public String getName() {
		return SkillsObservationDocumentation.SKILL_SEARCH.getName();
	}

	@Override
	public String getContextualName(SkillSearchObservationContext context) {
		return TOOL;
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(SkillSearchObservationContext context) {
		return KeyValues.of(KeyValue.of(SearchKeyNames.TOOL_NAME, TOOL),
				KeyValue.of(SearchKeyNames.OUTCOME, (context.getHits() > 0) ? "found" : "none"),
				KeyValue.of(SearchKeyNames.SKILL_SET, context.getSkillSet()));
	}

	@Override
	public KeyValues getHighCardinalityKeyValues(SkillSearchObservationContext context) {
		return KeyValues.of(
				KeyValue.of(SearchDetailKeyNames.QUERY_LENGTH, Integer.toString(context.getQuery().length())),
				KeyValue.of(SearchDetailKeyNames.HITS, Integer.toString(context.getHits())));
	}

}
