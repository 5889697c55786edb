package dev.skills.spring.ai.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and tags the observations of activations and resource reads; declare a bean to
 * replace {@link DefaultSkillObservationConvention}.
 */
public interface SkillObservationConvention extends ObservationConvention<SkillObservationContext> {

	@Override
	default boolean supportsContext(Observation.Context context) {
		return context instanceof SkillObservationContext;
	}

}
