package dev.skills.core.registry;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.resource.SkillSource;
import dev.skills.core.internal.resource.SkillSource.Fingerprint;
import org.jspecify.annotations.Nullable;

/**
 * One skill folder as last read: its source, what it says ({@code null} when it cannot be
 * loaded), the diagnostics of that read and the fingerprint of the file that was read.
 * Immutable but for its file list, which is listed on first use and then kept: an entry
 * belongs to the snapshots that hold it, so every reader of one snapshot sees the same
 * files. A change of the files makes a new entry.
 */
final class SkillEntry {

	private final SkillSource source;

	private final int locationIndex;

	private final int order;

	private final @Nullable SkillMeta meta;

	private final List<SkillDiagnostic> diagnostics;

	private final Fingerprint fingerprint;

	private volatile @Nullable List<String> files;

	/**
	 * Create an entry.
	 * @param source where the skill lives
	 * @param locationIndex the index of its location: lower wins a name clash
	 * @param order its position in the location's scan; 0 for folder skills, ordered by
	 * path
	 * @param meta the skill, or {@code null} when it was skipped
	 * @param diagnostics the diagnostics of the read
	 * @param fingerprint the {@code SKILL.md} fingerprint at the time of the read
	 */
	SkillEntry(SkillSource source, int locationIndex, int order, @Nullable SkillMeta meta,
			List<SkillDiagnostic> diagnostics, Fingerprint fingerprint) {
		this.source = source;
		this.locationIndex = locationIndex;
		this.order = order;
		this.meta = meta;
		this.diagnostics = List.copyOf(diagnostics);
		this.fingerprint = fingerprint;
	}

	SkillSource source() {
		return this.source;
	}

	int locationIndex() {
		return this.locationIndex;
	}

	int order() {
		return this.order;
	}

	@Nullable SkillMeta meta() {
		return this.meta;
	}

	List<SkillDiagnostic> diagnostics() {
		return this.diagnostics;
	}

	Fingerprint fingerprint() {
		return this.fingerprint;
	}

	/**
	 * The files the skill bundles, listed once per entry.
	 * @return relative paths, sorted
	 */
	List<String> files() {
		List<String> result = this.files;
		if (result == null) {
			try {
				result = this.source.files();
			}
			catch (UncheckedIOException ex) {
				// The folder went away under a snapshot that still holds it: it bundles
				// nothing now.
				return List.of();
			}
			this.files = result;
		}
		return result;
	}

	/**
	 * Whether the files were listed already: only then can a change of them be told.
	 * @return {@code true} after the first {@link #files()}
	 */
	boolean filesListed() {
		return this.files != null;
	}

	/**
	 * The same read, with its files to be listed again.
	 * @return a new entry
	 */
	SkillEntry relisted() {
		return new SkillEntry(this.source, this.locationIndex, this.order, this.meta, this.diagnostics,
				this.fingerprint);
	}

	/**
	 * The key of this entry: its folder.
	 * @return the base directory
	 */
	String key() {
		return this.source.baseDirectory();
	}

	/**
	 * Whether this entry wins a name clash against another: earlier location, then
	 * earlier in the classpath, then folder path.
	 * @param other the other entry
	 * @return {@code true} when this one takes precedence
	 */
	boolean precedes(SkillEntry other) {
		if (this.locationIndex != other.locationIndex) {
			return this.locationIndex < other.locationIndex;
		}
		return (this.order != other.order) ? this.order < other.order : key().compareTo(other.key()) < 0;
	}

	// Two reads are the same when they say the same; the file listing is not compared.
	@Override
	public boolean equals(@Nullable Object other) {
		return other instanceof SkillEntry that && this.source.equals(that.source)
				&& this.locationIndex == that.locationIndex && this.order == that.order
				&& Objects.equals(this.meta, that.meta) && this.diagnostics.equals(that.diagnostics)
				&& this.fingerprint.equals(that.fingerprint);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.source, this.locationIndex, this.order, this.meta, this.fingerprint);
	}

}
