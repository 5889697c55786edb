package dev.skills.spring.ai.tool;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

import dev.skills.core.SkillResourceException;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.spring.ai.observation.DefaultSkillObservationConvention;
import dev.skills.spring.ai.observation.SkillObservationContext;
import dev.skills.spring.ai.observation.SkillObservationConvention;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Runs one skill tool call through the listeners and an observation, and turns every
 * failure (of the tool or of a listener) into a short message for the model: never a
 * stack trace. A session-mode pin is observed the same way, without the listeners.
 */
final class SkillToolInvoker {

	private static final Log logger = LogFactory.getLog(SkillToolInvoker.class);

	private static final Map<SkillsObservationDocumentation, SkillObservationConvention> DEFAULT_CONVENTIONS = Map.of(
			SkillsObservationDocumentation.SKILL_ACTIVATION,
			new DefaultSkillObservationConvention(SkillsObservationDocumentation.SKILL_ACTIVATION),
			SkillsObservationDocumentation.SKILL_RESOURCE_READ,
			new DefaultSkillObservationConvention(SkillsObservationDocumentation.SKILL_RESOURCE_READ),
			SkillsObservationDocumentation.SKILL_SCRIPT_RUN,
			new DefaultSkillObservationConvention(SkillsObservationDocumentation.SKILL_SCRIPT_RUN));

	private final List<SkillInvocationListener> listeners;

	private final ObservationRegistry observations;

	private final @Nullable SkillObservationConvention convention;

	private final Predicate<String> knownSkill;

	private final SkillSets sets;

	SkillToolInvoker(List<SkillInvocationListener> listeners, ObservationRegistry observations,
			@Nullable SkillObservationConvention convention, Predicate<String> knownSkill, SkillSets sets) {
		this.listeners = List.copyOf(listeners);
		this.observations = observations;
		this.convention = convention;
		this.knownSkill = knownSkill;
		this.sets = sets;
	}

	ObservationRegistry observations() {
		return this.observations;
	}

	/**
	 * The tag of a call's skill set: bounded by the configured sets, whatever the context
	 * holds.
	 * @param set the set the request named, or {@code null}
	 * @return the tag
	 */
	String setTag(@Nullable String set) {
		return this.sets.tag(set);
	}

	String invoke(SkillInvocation requested, @Nullable String set, SkillsObservationDocumentation documentation,
			Function<SkillInvocation, Result> action) {
		SkillInvocation invocation = requested;
		RuntimeException listenerFailure = null;
		try {
			for (SkillInvocationListener listener : this.listeners) {
				invocation = Objects.requireNonNull(listener.before(invocation), () -> "SkillInvocationListener "
						+ listener.getClass().getName() + " returned null from before");
			}
		}
		catch (RuntimeException ex) {
			listenerFailure = ex;
		}
		SkillObservationContext context = context(invocation, set);
		Observation observation = start(documentation, context);
		Result result;
		if (listenerFailure != null) {
			result = failed(invocation, observation, listenerFailure);
		}
		else {
			try (Observation.Scope scope = observation.openScope()) {
				result = action.apply(invocation);
			}
			catch (SkillResourceException ex) {
				result = new Result(ex.getMessage(), (ex.getReason() == SkillResourceException.Reason.REJECTED)
						? Outcome.REJECTED : Outcome.NOT_FOUND);
			}
			catch (RuntimeException ex) {
				result = failed(invocation, observation, ex);
			}
		}
		context.setOutcome(result.outcome().name().toLowerCase(java.util.Locale.ROOT));
		context.setExitCode(result.exitCode());
		observation.stop();
		String text = result.text();
		try {
			for (SkillInvocationListener listener : this.listeners) {
				text = listener.after(invocation, text, result.outcome());
			}
		}
		catch (RuntimeException ex) {
			text = failed(invocation, null, ex).text();
		}
		return text;
	}

	/**
	 * Run an action observed as {@code documentation} but heard by no listener: a
	 * session-mode pin, which is not a tool call (the application chose the skill, so
	 * nothing may rewrite it). A failure is logged and observed, never thrown.
	 * @param invocation what the action does
	 * @param set the skill set the request named, or {@code null}
	 * @param documentation the observation
	 * @param action the action
	 */
	void observeOnly(SkillInvocation invocation, @Nullable String set, SkillsObservationDocumentation documentation,
			Runnable action) {
		SkillObservationContext context = context(invocation, set);
		Observation observation = start(documentation, context);
		Outcome outcome = Outcome.OK;
		try (Observation.Scope scope = observation.openScope()) {
			action.run();
		}
		catch (RuntimeException ex) {
			logger.warn("Recording skill '" + ModelText.echo(invocation.skillName()) + "' failed", ex);
			observation.error(ex);
			outcome = Outcome.NOT_FOUND;
		}
		context.setOutcome(outcome.name().toLowerCase(java.util.Locale.ROOT));
		observation.stop();
	}

	// The context says whether the registry knows the name: one the model made up must
	// not become a tag value, or meters would grow without bound.
	private SkillObservationContext context(SkillInvocation invocation, @Nullable String set) {
		SkillObservationContext context = new SkillObservationContext(invocation.toolName(), invocation.skillName(),
				this.knownSkill.test(invocation.skillName()), invocation.conversationId());
		context.setSkillSet(setTag(set));
		return context;
	}

	private Observation start(SkillsObservationDocumentation documentation, SkillObservationContext context) {
		return documentation
			.observation(this.convention, DEFAULT_CONVENTIONS.get(documentation), () -> context, this.observations)
			.start();
	}

	// An unexpected failure, of the tool or of a listener: log it, tell the listeners,
	// and give
	// the model a short message instead of an exception.
	private Result failed(SkillInvocation invocation, @Nullable Observation observation, RuntimeException ex) {
		logger.warn("Skill tool " + invocation.toolName() + " failed for skill '"
				+ ModelText.echo(invocation.skillName()) + "'", ex);
		if (observation != null) {
			observation.error(ex);
		}
		for (SkillInvocationListener listener : this.listeners) {
			try {
				listener.error(invocation, ex);
			}
			catch (RuntimeException listenerError) {
				logger.warn("SkillInvocationListener " + listener.getClass().getName() + " failed in error()",
						listenerError);
			}
		}
		return new Result(invocation.toolName() + " failed for skill '" + ModelText.echo(invocation.skillName())
				+ "'; try again or continue without it.", Outcome.NOT_FOUND);
	}

	/**
	 * What a tool produced.
	 *
	 * @param text the text for the model
	 * @param outcome how it went
	 * @param exitCode a script's exit code ({@code run_skill_script} only)
	 */
	record Result(String text, Outcome outcome, @Nullable Integer exitCode) {

		Result(String text, Outcome outcome) {
			this(text, outcome, null);
		}

		static Result of(SkillScriptRunner.Reply reply) {
			return new Result(reply.text(), reply.outcome(), reply.exitCode());
		}

	}

}
