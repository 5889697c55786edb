package dev.skills.sources;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * What one source serves now, as an operator needs to see it.
 *
 * @param name the source's name (its repository, ref and path, without credentials)
 * @param type {@code git}, {@code index} or {@code mcp}
 * @param revision the revision served (a commit id), or {@code null} when it never loaded
 * @param fetchedAt when the served revision was fetched, or {@code null} when it never
 * loaded or was found in the cache at start-up
 * @param checkedAt when the source was last asked for news, or {@code null}
 * @param lastError why the last fetch did not update the source, or {@code null} when it
 * succeeded
 */
public record SourceStatus(String name, String type, @Nullable String revision, @Nullable Instant fetchedAt,
		@Nullable Instant checkedAt, @Nullable String lastError) {

	/**
	 * Whether the source serves a revision.
	 * @return {@code false} only when it never loaded
	 */
	public boolean loaded() {
		return this.revision != null;
	}

}
