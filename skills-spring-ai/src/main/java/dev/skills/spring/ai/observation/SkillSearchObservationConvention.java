package dev.skills.spring.ai.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and tags the observations of {@code search_skills}; declare a bean to replace
 * {@link DefaultSkillSearchObservationConvention}.
 */
public interface SkillSearchObservationConvention extends ObservationConvention<SkillSearchObservationContext> {

	@Override
	default boolean supportsContext(Observation.Context context) {
		return context instanceof SkillSearchObservationContext;
	}

}
