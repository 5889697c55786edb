package dev.skills.sources;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillDiagnostic;
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

}
