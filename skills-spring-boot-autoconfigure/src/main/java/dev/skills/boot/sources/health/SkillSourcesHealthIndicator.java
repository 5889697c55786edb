package dev.skills.boot.sources.health;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of the remote sources: DOWN only while a source has never loaded; a source
 * whose last fetch failed still serves its last good revision, which is a detail (its
 * {@code lastError}), not DOWN.
 */
public class SkillSourcesHealthIndicator extends AbstractHealthIndicator {

	private final SourceRefresher sources;

	/**
	 * Create the indicator.
	 * @param sources the sources
	 */
	public SkillSourcesHealthIndicator(SourceRefresher sources) {
		super("Skill sources health check failed");
		this.sources = sources;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		boolean allLoaded = true;
		Map<String, Object> details = new LinkedHashMap<>();
		for (SourceStatus status : this.sources.statuses()) {
			allLoaded &= status.loaded();
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("type", status.type());
			detail.put("revision", (status.revision() != null) ? status.revision() : "none: never loaded");
			if (status.fetchedAt() != null) {
				detail.put("fetchedAt", status.fetchedAt());
			}
			if (status.lastError() != null) {
				detail.put("lastError", status.lastError());
			}
			details.put(status.name(), detail);
		}
		builder.withDetail("sources", details);
		if (allLoaded) {
			builder.up();
		}
		else {
			builder.down();
		}
	}

}
