package dev.skills.boot.sources.metrics;

import java.time.Duration;

import dev.skills.sources.FetchListener;
import dev.skills.sources.FetchOutcome;
import dev.skills.sources.SourceStatus;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The {@code skills.sources.fetch} timer: count and duration of fetches, tagged with the
 * source's name and the outcome ({@code updated}, {@code unchanged}, {@code failed},
 * {@code broken}).
 */
public class SkillSourcesMetrics implements FetchListener {

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
	public void fetched(SourceStatus status, FetchOutcome outcome, Duration duration) {
		Timer.builder(FETCH)
			.description("Fetches of remote skill sources")
			.tag("source", status.name())
			.tag("outcome", outcome.label())
			.register(this.registry)
			.record(duration);
	}

}
