/**
 * Observations of the skill tools in Spring AI's shape:
 * {@link SkillsObservationDocumentation}, a context and a convention (with a default) per
 * kind of observation. Meters are derived from them by Micrometer's
 * {@code DefaultMeterObservationHandler}.
 */
@NullMarked
package dev.skills.spring.ai.observation;

import org.jspecify.annotations.NullMarked;
