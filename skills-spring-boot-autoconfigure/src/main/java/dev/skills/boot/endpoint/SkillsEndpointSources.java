package dev.skills.boot.endpoint;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The remote sources that {@code /actuator/skills} shows, and fetches on a reload.
 * Implemented where sources are configured, so that the endpoint works without them.
 */
public interface SkillsEndpointSources {

	/**
	 * What every source serves now.
	 * @return one entry per source
	 */
	List<Source> sources();

	/**
	 * The name of the source a skill came from.
	 * @param skillLocation the skill's {@code SKILL.md}
	 * @return the source's name, or {@code null} for a skill of a local location
	 */
	@Nullable String sourceOf(String skillLocation);

	/**
	 * Fetch every source now and wait for the fetches (they run on the sources' own
	 * thread).
	 */
	void fetch();

	/**
	 * One source.
	 *
	 * @param name the source's name (without credentials)
	 * @param type for example {@code git}
	 * @param revision the revision served (a commit id), or {@code null} when it never
	 * loaded
	 * @param fetchedAt when the served revision was fetched
	 * @param checkedAt when the source was last asked for news
	 * @param lastError why the last fetch did not update the source, or {@code null}
	 */
	record Source(String name, String type, @Nullable String revision, @Nullable Instant fetchedAt,
			@Nullable Instant checkedAt, @Nullable String lastError) {
	}

}
