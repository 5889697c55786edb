package dev.skills.core.registry;

import java.util.List;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.resource.SkillSource;
import dev.skills.core.resource.SkillSource.Fingerprint;
import org.jspecify.annotations.Nullable;

/**
 * One skill folder as last read: its source, what it says (or {@code null} when it cannot be
 * loaded), the diagnostics of that read and the fingerprint of the file that was read.
 *
 * @param source where the skill lives
 * @param locationIndex the index of its location: lower wins a name clash
 * @param order its position in the location's scan; 0 for folder skills, which are ordered by path
 * @param meta the skill, or {@code null} when it was skipped
 * @param diagnostics the diagnostics of the read
 * @param fingerprint the {@code SKILL.md} fingerprint at the time of the read
 */
record SkillEntry(SkillSource source, int locationIndex, int order, @Nullable SkillMeta meta, List<SkillDiagnostic> diagnostics,
		Fingerprint fingerprint) {

	/**
	 * The key of this entry: its folder.
	 * @return the base directory
	 */
	String key() {
		return this.source.baseDirectory();
	}

	/**
	 * Whether this entry wins a name clash against another: earlier location, then earlier in the
	 * classpath, then folder path.
	 * @param other the other entry
	 * @return {@code true} when this one takes precedence
	 */
	boolean precedes(SkillEntry other) {
		if (this.locationIndex != other.locationIndex) {
			return this.locationIndex < other.locationIndex;
		}
		return (this.order != other.order) ? this.order < other.order : key().compareTo(other.key()) < 0;
	}

}
