package dev.skills.boot.sources.metrics;

import java.util.function.Consumer;

import dev.skills.sources.SourceStatus;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The {@code skills.sources.fetch} timer: count and duration of fetches, tagged with the
 * source's name and the outcome ({@code updated}, {@code unchanged}, {@code failed},
 * {@code broken}).
 */
public class SkillSourcesMetrics implements Consumer<SourceStatus> {

	/** The timer's name. */
	public static final String FETCH = "skills.sources.fetch";

	private final MeterRegistry registry;

	/**
	 * Create the meters.
	 * @param registry where they are registered
	 */
	public SkillSourcesMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void accept(SourceStatus status) {
		if (status.outcome() == null) {
			return;
		}
		Timer.builder(FETCH)
			.description("Fetches of remote skill sources")
			.tag("source", status.name())
			.tag("outcome", status.outcome().label())
			.register(this.registry)
			.record(status.duration());
	}

}
