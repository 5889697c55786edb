package dev.skills.spring.ai;

import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.skills.core.SkillResourceException;
import dev.skills.spring.ai.SkillInvocationListener.Outcome;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Runs one skill tool call through the listeners and an observation, and turns every failure
 * into a short message for the model: never a stack trace.
 */
final class SkillToolInvoker {

	private static final Log logger = LogFactory.getLog(SkillToolInvoker.class);

	// The "skill" key of a call naming a skill the registry does not know.
	private static final String UNKNOWN_SKILL = "unknown";

	private final List<SkillInvocationListener> listeners;

	private final ObservationRegistry observations;

	private final Predicate<String> knownSkill;

	SkillToolInvoker(List<SkillInvocationListener> listeners, ObservationRegistry observations,
			Predicate<String> knownSkill) {
		this.listeners = List.copyOf(listeners);
		this.observations = observations;
		this.knownSkill = knownSkill;
	}

	String invoke(SkillInvocation requested, String observationName, Function<SkillInvocation, Result> action) {
		SkillInvocation invocation = requested;
		for (SkillInvocationListener listener : this.listeners) {
			invocation = listener.before(invocation);
		}
		Observation observation = Observation.createNotStarted(observationName, this.observations)
			// A name the model made up must not become a tag value: meters would grow without bound.
			.lowCardinalityKeyValue("skill",
					this.knownSkill.test(invocation.skillName()) ? invocation.skillName() : UNKNOWN_SKILL)
			.lowCardinalityKeyValue("tool", invocation.toolName())
			.start();
		Result result;
		try (Observation.Scope scope = observation.openScope()) {
			result = action.apply(invocation);
		}
		catch (SkillResourceException ex) {
			result = new Result(ex.getMessage(), (ex.getReason() == SkillResourceException.Reason.REJECTED)
					? Outcome.REJECTED : Outcome.NOT_FOUND);
		}
		catch (RuntimeException ex) {
			logger.warn("Skill tool " + invocation.toolName() + " failed for skill '" + invocation.skillName() + "'", ex);
			observation.error(ex);
			for (SkillInvocationListener listener : this.listeners) {
				listener.error(invocation, ex);
			}
			result = new Result(invocation.toolName() + " failed for skill '" + invocation.skillName()
					+ "'; try again or continue without it.", Outcome.NOT_FOUND);
		}
		observation.lowCardinalityKeyValue("outcome", result.outcome().name().toLowerCase(java.util.Locale.ROOT));
		observation.stop();
		String text = result.text();
		for (SkillInvocationListener listener : this.listeners) {
			text = listener.after(invocation, text, result.outcome());
		}
		return text;
	}

	/**
	 * What a tool produced.
	 *
	 * @param text the text for the model
	 * @param outcome how it went
	 */
	record Result(String text, Outcome outcome) {
	}

}
