package dev.skills.sources;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.skills.core.SkillDiagnostic;
import org.jspecify.annotations.Nullable;

/**
 * What one source serves now and how its last fetch ended, as an operator needs to see
 * it; listeners of the sources (metrics) get one after every fetch.
 *
 * @param name the source's name (its repository, ref and path, without credentials)
 * @param type {@code git}, {@code index} or {@code mcp}
 * @param revision the revision served (a commit id), or {@code null} when it never loaded
 * @param fetchedAt when the served revision was fetched, or {@code null} when it never
 * loaded or was found in the cache at start-up
 * @param checkedAt when the source was last asked for news, or {@code null}
 * @param lastError why the last fetch did not update the source, or {@code null} when it
 * succeeded
 * @param outcome how the last fetch ended, or {@code null} before the first
 * @param duration how long the last fetch took, checkout and switch included; zero before
 * the first
 */
public record SourceStatus(String name, String type, @Nullable String revision, @Nullable Instant fetchedAt,
		@Nullable Instant checkedAt, @Nullable String lastError, @Nullable Outcome outcome, Duration duration) {

	/**
	 * The status of a source before its first fetch.
	 * @param name the source's name
	 * @param type the kind of source
	 * @param revision the revision a previous process left in the cache, or {@code null}
	 * @return the status
	 */
	static SourceStatus initial(String name, String type, @Nullable String revision) {
		return new SourceStatus(name, type, revision, null, null, null, null, Duration.ZERO);
	}

	/**
	 * Whether the source serves a revision.
	 * @return {@code false} only when it never loaded
	 */
	public boolean loaded() {
		return this.revision != null;
	}

	/**
	 * This status once a fetch checked the source.
	 * @param revision the revision served after it
	 * @param fetchedAt when that revision was fetched
	 * @param checkedAt when the fetch started
	 * @param lastError why it did not update the source, or {@code null}
	 * @return the status, the outcome and duration of the previous fetch kept until
	 * {@link #ended}
	 */
	SourceStatus checked(@Nullable String revision, @Nullable Instant fetchedAt, Instant checkedAt,
			@Nullable String lastError) {
		return new SourceStatus(this.name, this.type, revision, fetchedAt, checkedAt, lastError, this.outcome,
				this.duration);
	}

	/**
	 * This status with how a fetch ended.
	 * @param outcome how it ended
	 * @param duration how long it took
	 * @return the status
	 */
	SourceStatus ended(Outcome outcome, Duration duration) {
		return new SourceStatus(this.name, this.type, this.revision, this.fetchedAt, this.checkedAt, this.lastError,
				outcome, duration);
	}

	/**
	 * What this status says on the registry, until a fetch succeeds: an error while the
	 * source never loaded, a warning while it serves an older revision; and what the
	 * served revision's checkout left out, as warnings.
	 * @param warnings what the checkout of the served revision left out
	 * @return the diagnostics
	 */
	List<SkillDiagnostic> diagnostics(List<String> warnings) {
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		if (this.lastError != null) {
			diagnostics.add(loaded()
					? SkillDiagnostic.warning(this.name, null,
							this.lastError + "; still serving revision " + this.revision)
					: SkillDiagnostic.error(this.name, null, this.lastError + "; nothing served yet"));
		}
		if (loaded()) {
			warnings.forEach((warning) -> diagnostics.add(SkillDiagnostic.warning(this.name, null, warning)));
		}
		return diagnostics;
	}

	/**
	 * How one fetch of a source ended.
	 */
	public enum Outcome {

		/** A new revision was checked out and is now served. */
		UPDATED,

		/** The source had nothing new. */
		UNCHANGED,

		/** The fetch failed or timed out; the last good revision is still served. */
		FAILED,

		/**
		 * The new revision was fetched but is broken; the last good revision is still
		 * served.
		 */
		BROKEN;

		/**
		 * The label for metrics and endpoints.
		 * @return the lower-case name
		 */
		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

}
