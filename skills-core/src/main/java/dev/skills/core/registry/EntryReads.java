package dev.skills.core.registry;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.files.FileReads;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import dev.skills.core.source.SkillSource;
import dev.skills.core.source.SkillSource.Fingerprint;
import org.jspecify.annotations.Nullable;

/**
 * Reads skill folders into entries for the writer: each {@code SKILL.md}'s frontmatter
 * and the files it bundles, on the registry's reader threads, a few at a time.
 */
final class EntryReads {

	private final FileReads reads;

	EntryReads(FileReads reads) {
		this.reads = reads;
	}

	/**
	 * Read skill folders.
	 * @param pending the folders
	 * @return their entries, in order; a folder that cannot be read has an error
	 */
	List<SkillEntry> read(List<Pending> pending) {
		List<FileReads.Outcome<SkillEntry>> outcomes = this.reads.readAll(pending,
				(item) -> new FileReads.Read<>(item.source().baseDirectory(), () -> read(item), null));
		List<SkillEntry> entries = new ArrayList<>(pending.size());
		for (int i = 0; i < pending.size(); i++) {
			FileReads.Outcome<SkillEntry> outcome = outcomes.get(i);
			entries.add((outcome.value() != null) ? outcome.value()
					: failed(pending.get(i), Objects.requireNonNull(outcome.failure())));
		}
		return entries;
	}

	private static SkillEntry read(Pending item) throws IOException {
		SkillSource source = item.source();
		if (item.relistOnly()) {
			return item.before().relisted(source.listFiles());
		}
		Fingerprint fingerprint;
		SkillReadResult result;
		try (SkillSource.OpenSkillFile file = source.openSkill()) {
			fingerprint = file.fingerprint();
			result = SkillLoader.readMeta(file.stream(), source.location(), source.baseDirectory(),
					source.directoryName());
		}
		SkillSource.Listing listing = source.listFiles();
		SkillMeta meta = result.meta();
		String name = (meta != null) ? meta.name() : null;
		List<SkillDiagnostic> diagnostics = new ArrayList<>(result.diagnostics());
		if (listing.cut()) {
			diagnostics.add(SkillDiagnostic.warning(source.location(), name, SkillFiles.listingCutMessage()));
		}
		return entry(item, (meta != null && source.builtin()) ? meta.withBuiltin(true) : meta, diagnostics, fingerprint,
				listing);
	}

	// Noted as it is, so that a later scan reads it again only once it changes.
	private static SkillEntry failed(Pending item, IOException ex) {
		List<SkillDiagnostic> diagnostics = List
			.of(SkillDiagnostic.error(item.source().location(), null, "Cannot read SKILL.md: " + ex.getMessage()));
		return entry(item, null, diagnostics, item.source().fingerprint(), SkillSource.Listing.EMPTY);
	}

	// When a skill that loaded before no longer does (a half-saved edit, say), its last
	// good version is kept with an error saying so.
	private static SkillEntry entry(Pending item, @Nullable SkillMeta read, List<SkillDiagnostic> diagnostics,
			Fingerprint fingerprint, SkillSource.Listing listing) {
		SkillMeta meta = read;
		SkillEntry before = item.before();
		List<SkillDiagnostic> all = diagnostics;
		if (meta == null && before != null && before.meta() != null) {
			meta = before.meta();
			all = new ArrayList<>(diagnostics);
			all.add(SkillDiagnostic.error(item.source().location(), meta.name(),
					"SKILL.md cannot be loaded any more; keeping the last good version of '" + meta.name()
							+ "' until it is fixed"));
		}
		return new SkillEntry(item.source(), item.locationIndex(), item.order(), meta, all, fingerprint, listing);
	}

	/**
	 * A skill folder to read.
	 *
	 * @param at its place among the location's entries
	 * @param source where it lives
	 * @param locationIndex its location's index
	 * @param order its position in the location's scan
	 * @param before its entry in the snapshot being replaced, if any
	 * @param relistOnly whether only its files are to be listed again: its
	 * {@code SKILL.md} did not change
	 */
	record Pending(int at, SkillSource source, int locationIndex, int order, @Nullable SkillEntry before,
			boolean relistOnly) {
	}

}
