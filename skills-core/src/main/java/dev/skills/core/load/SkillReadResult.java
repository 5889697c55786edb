package dev.skills.core.load;

import java.util.List;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of reading one skill leniently: the skill, unless it had to be skipped, and
 * what was found on the way.
 *
 * @param meta the skill, or {@code null} when it was skipped (an error diagnostic says
 * why)
 * @param diagnostics the errors and warnings, in the order found
 */
public record SkillReadResult(@Nullable SkillMeta meta, List<SkillDiagnostic> diagnostics) {

	public SkillReadResult {
		diagnostics = List.copyOf(diagnostics);
	}

}
