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
 * @param kept the version served instead of the files read, when they may not be served
 * (an edit that does not load, or content the lock does not pin); {@code null} when the
 * files read are served
 * @param digest the digest of the files served, when a lock is checked; {@code null}
 * otherwise
 */
record SkillEntry(SkillFolder folder, int order, @Nullable SkillMeta meta, List<SkillDiagnostic> diagnostics,
		Fingerprint fingerprint, Listing listing, @Nullable Kept kept, @Nullable String digest) {

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

	/**
	 * The last good version an entry serves while its files may not be served: metadata
	 * and instructions of one version.
	 *
	 * @param fingerprint the fingerprint of the {@code SKILL.md} it was read from
	 * @param body its instructions, or {@code null} when they were never read and so
	 * cannot be served any more
	 * @param why why the files read are not served
	 */
	record Kept(Fingerprint fingerprint, @Nullable String body, Why why) {
	}

	/**
	 * Why an entry keeps its last good version.
	 */
	enum Why {

		/** Its {@code SKILL.md} does not load: its bundled files are still served. */
		BROKEN_EDIT,

		/** Its files differ from the lock: none of them is served. */
		NOT_PINNED

	}

}
