package dev.skills.core.registry;

import java.util.Comparator;
import java.util.List;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.folder.SkillFolder;
import dev.skills.core.folder.SkillFolder.Fingerprint;
import dev.skills.core.folder.SkillFolder.Listing;
import org.jspecify.annotations.Nullable;

/**
 * One skill folder as the writer last read it; a change of any part makes a new entry.
 *
 * @param order its place in a classpath scan; 0 for folder skills, ordered by path
 * @param meta the skill, or {@code null} when it was skipped
 * @param fingerprint the {@code SKILL.md} fingerprint at the time of the read
 * @param listing the files it bundles, listed when it was read
 */
record SkillEntry(SkillFolder folder, int order, @Nullable SkillMeta meta, List<SkillDiagnostic> diagnostics,
		Fingerprint fingerprint, Listing listing) {

	SkillEntry {
		diagnostics = List.copyOf(diagnostics);
	}

	@Nullable String name() {
		return (this.meta != null) ? this.meta.name() : null;
	}

	String key() {
		return this.folder.baseDirectory();
	}

	// Earlier in the classpath, then by folder path (an earlier location always wins).
	static final Comparator<SkillEntry> PRECEDENCE = Comparator.comparingInt(SkillEntry::order)
		.thenComparing(SkillEntry::key);

}
