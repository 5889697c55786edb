package dev.skills.autoconfigure.metrics;

import java.util.List;
import java.util.Locale;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.SkillInvocation;
import dev.skills.spring.ai.SkillInvocationListener;
import dev.skills.spring.ai.SkillsAdvisor;
import dev.skills.spring.ai.SkillsTools;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The {@code skills.*} meters:
 * <ul>
 * <li>{@code skills.loaded} (gauge): the number of skills;</li>
 * <li>{@code skills.diagnostics} (gauge, tag {@code severity}): errors and warnings;</li>
 * <li>{@code skills.activations} (counter, tags {@code skill}, {@code mode});</li>
 * <li>{@code skills.resource.reads} (counter, tags {@code skill}, {@code outcome} =
 * {@code ok}, {@code rejected} or {@code not_found});</li>
 * <li>{@code skills.reload} (timer, tag {@code outcome} = {@code success}, or
 * {@code failure} when a skill read by the reload could not be loaded): reloads that
 * changed something.</li>
 * </ul>
 * A skill name the registry does not know is tagged {@code unknown}, so that names a
 * model makes up cannot grow the number of meters, and a skill's meters are removed when
 * it is deleted.
 */
public class SkillsMetrics implements MeterBinder, SkillInvocationListener, SkillsListener {

	private static final List<String> PER_SKILL = List.of("skills.activations", "skills.resource.reads");

	private final SkillsRegistry registry;

	private final String mode;

	private volatile MeterRegistry meters;

	/**
	 * Create the meters' source.
	 * @param registry the skills
	 * @param mode how the advisor offers skills, for the {@code mode} tag
	 */
	public SkillsMetrics(SkillsRegistry registry, SkillsAdvisor.Mode mode) {
		this.registry = registry;
		this.mode = mode.label();
	}

	@Override
	public void bindTo(MeterRegistry meterRegistry) {
		this.meters = meterRegistry;
		Gauge.builder("skills.loaded", this.registry, SkillsRegistry::size)
			.description("Skills loaded")
			.register(meterRegistry);
		for (SkillDiagnostic.Severity severity : SkillDiagnostic.Severity.values()) {
			Gauge
				.builder("skills.diagnostics", this.registry,
						(registry) -> registry.diagnostics().stream().filter((d) -> d.severity() == severity).count())
				.description("Skill diagnostics")
				.tag("severity", severity.label())
				.register(meterRegistry);
		}
	}

	@Override
	public String after(SkillInvocation invocation, String result, Outcome outcome) {
		MeterRegistry meterRegistry = this.meters;
		if (meterRegistry == null) {
			return result;
		}
		String skill = this.registry.contains(invocation.skillName()) ? invocation.skillName() : "unknown";
		if (invocation.toolName().equals(SkillsTools.ACTIVATE_SKILL)) {
			// An already-active answer delivers nothing new: not an activation.
			if (outcome == Outcome.OK) {
				Counter.builder("skills.activations")
					.description("Skill activations")
					.tag("skill", skill)
					.tag("mode", this.mode)
					.register(meterRegistry)
					.increment();
			}
		}
		else {
			Counter.builder("skills.resource.reads")
				.description("Reads of files bundled with skills")
				.tag("skill", skill)
				.tag("outcome", (outcome == Outcome.ALREADY_ACTIVE) ? "ok" : outcome.name().toLowerCase(Locale.ROOT))
				.register(meterRegistry)
				.increment();
		}
		return result;
	}

	@Override
	public void onChange(SkillsChange change) {
		MeterRegistry meterRegistry = this.meters;
		if (meterRegistry != null) {
			Timer.builder("skills.reload")
				.description("Time to apply a change to the skills")
				.tag("outcome", change.failed().isEmpty() ? "success" : "failure")
				.register(meterRegistry)
				.record(change.duration());
			change.removed().forEach((name) -> removeMetersOf(name, meterRegistry));
		}
	}

	// Meters of a deleted skill go with it: the meters stay bounded by the skills there
	// are, not by every name ever activated.
	private static void removeMetersOf(String skill, MeterRegistry meterRegistry) {
		for (String name : PER_SKILL) {
			meterRegistry.find(name).tag("skill", skill).meters().forEach(meterRegistry::remove);
		}
	}

}
