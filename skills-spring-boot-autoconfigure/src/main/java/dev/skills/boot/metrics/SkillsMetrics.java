package dev.skills.boot.metrics;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The {@code skills.*} meters of the registry:
 * <ul>
 * <li>{@code skills.loaded} (gauge): the number of skills;</li>
 * <li>{@code skills.diagnostics} (gauge, tag {@code severity}): errors and warnings;</li>
 * <li>{@code skills.reload} (timer, tag {@code outcome} = {@code success}, or
 * {@code failure} when a skill read by the reload could not be loaded): reloads that
 * changed something.</li>
 * </ul>
 * The meters of the skill tools ({@code skills.activation}, {@code skills.resource.read},
 * {@code skills.search}) are not made here: Micrometer derives them from the tools'
 * observations ({@code SkillsObservationDocumentation}).
 */
public class SkillsMetrics implements MeterBinder, SkillsListener {

	// The tag the tools' observations give their meters.
	private static final String SKILL_NAME_TAG = "gen_ai.skill.name";

	private final SkillsRegistry registry;

	private volatile MeterRegistry meters;

	/**
	 * Create the meters' source.
	 * @param registry the skills
	 */
	public SkillsMetrics(SkillsRegistry registry) {
		this.registry = registry;
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
	public void onChange(SkillsChange change) {
		MeterRegistry meterRegistry = this.meters;
		if (meterRegistry != null) {
			Timer.builder("skills.reload")
				.description("Time to apply a change to the skills")
				.tag("outcome", change.failed().isEmpty() ? "success" : "failure")
				.register(meterRegistry)
				.record(change.duration());
			// The tools' meters are tagged with the skill's name: a deleted skill's go
			// with it, so that they stay bounded by the skills there are.
			if (!change.removed().isEmpty()) {
				meterRegistry.getMeters()
					.stream()
					.filter((meter) -> change.removed().contains(meter.getId().getTag(SKILL_NAME_TAG)))
					.toList()
					.forEach(meterRegistry::remove);
			}
		}
	}

}
