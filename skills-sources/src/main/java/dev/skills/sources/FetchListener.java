package dev.skills.sources;

import java.time.Duration;

/**
 * Told of every fetch of every source, on the sources' thread: for metrics.
 */
@FunctionalInterface
public interface FetchListener {

	/**
	 * One fetch ended.
	 * @param status the source's status after it
	 * @param outcome how it ended
	 * @param duration how long it took, checkout and switch included
	 */
	void fetched(SourceStatus status, FetchOutcome outcome, Duration duration);

}
