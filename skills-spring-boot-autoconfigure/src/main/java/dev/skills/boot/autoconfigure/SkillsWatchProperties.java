package dev.skills.boot.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Hot reload settings, {@code skills.watch.*}: how file changes in folder locations are
 * noticed and gathered.
 */
public class SkillsWatchProperties {

	/**
	 * How long folders must be quiet before a burst of file changes is applied.
	 */
	private Duration debounce = Duration.ofMillis(100);

	/**
	 * Poll folders at this interval instead of using native file events (for NFS and
	 * other file systems that send none).
	 */
	private @Nullable Duration pollInterval;

	public Duration getDebounce() {
		return this.debounce;
	}

	public void setDebounce(Duration debounce) {
		this.debounce = debounce;
	}

	public @Nullable Duration getPollInterval() {
		return this.pollInterval;
	}

	public void setPollInterval(@Nullable Duration pollInterval) {
		this.pollInterval = pollInterval;
	}

}
