package dev.skills.core.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.folder.SkillFolder;
import dev.skills.core.folder.SkillFolder.Fingerprint;
import dev.skills.core.internal.files.FileReads;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.parse.FrontmatterException;
import dev.skills.core.internal.parse.FrontmatterParser;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Reads frontmatter and file lists into entries for the writer, and instructions for
 * readers through a cache bounded in characters. A cached body keeps the fingerprint of
 * its file, so a stale body is used only while a later edit cannot be read.
 */
final class SkillReads {

	// Characters of instructions kept in memory (about 16 MB).
	static final long BODY_CACHE_CHARS = 8L * 1024 * 1024;

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	private final FileReads reads;

	private final SkillConfig config;

	private final long maxCachedChars;

	// By SKILL.md location, least recently used first; guarded by this.
	private final Map<String, Body> bodies = new LinkedHashMap<>(16, 0.75f, true);

	private long cachedChars;

	SkillReads(FileReads reads, SkillConfig config, long maxCachedChars) {
		this.reads = reads;
		this.config = config;
		this.maxCachedChars = maxCachedChars;
	}

	int maxResourceBytes() {
		return this.config.maxResourceBytes();
	}

	// A folder that cannot be read gets an entry with an error.
	List<SkillEntry> read(List<Pending> pending) {
		List<FileReads.Outcome<SkillEntry>> outcomes = this.reads.readAll(pending,
				(item) -> new FileReads.Read<>(item.folder().baseDirectory(), () -> read(item), null));
		List<SkillEntry> entries = new ArrayList<>(pending.size());
		for (int i = 0; i < pending.size(); i++) {
			FileReads.Outcome<SkillEntry> outcome = outcomes.get(i);
			entries.add((outcome.value() != null) ? outcome.value()
					: failed(pending.get(i), Objects.requireNonNull(outcome.failure())));
		}
		return entries;
	}

	private static SkillEntry read(Pending item) throws IOException {
		SkillFolder folder = item.folder();
		if (item.relistOnly()) {
			SkillEntry before = item.before();
			SkillFolder.Listing listing = folder.listFiles();
			return listing.equals(before.listing()) ? before : new SkillEntry(folder, before.order(), before.meta(),
					before.diagnostics(), before.fingerprint(), listing);
		}
		Fingerprint fingerprint;
		SkillReadResult result;
		try (SkillFolder.OpenSkillFile file = folder.openSkill()) {
			fingerprint = file.fingerprint();
			result = SkillLoader.readMeta(file.stream(), folder.location(), folder.baseDirectory(),
					folder.directoryName());
		}
		SkillFolder.Listing listing = folder.listFiles();
		SkillMeta meta = result.meta();
		String name = (meta != null) ? meta.name() : null;
		List<SkillDiagnostic> diagnostics = new ArrayList<>(result.diagnostics());
		if (listing.cut()) {
			diagnostics.add(SkillDiagnostic.warning(folder.location(), name, SkillFiles.listingCutMessage()));
		}
		return entry(item, (meta != null && folder.builtin()) ? meta.withBuiltin(true) : meta, diagnostics, fingerprint,
				listing);
	}

	// Noted as it is, so that a later scan reads it again only once it changes.
	private static SkillEntry failed(Pending item, IOException ex) {
		List<SkillDiagnostic> diagnostics = List
			.of(SkillDiagnostic.error(item.folder().location(), null, "Cannot read SKILL.md: " + ex.getMessage()));
		return entry(item, null, diagnostics, item.folder().fingerprint(), SkillFolder.Listing.EMPTY);
	}

	// A skill that no longer loads (a half-saved edit) keeps its last good version.
	private static SkillEntry entry(Pending item, @Nullable SkillMeta read, List<SkillDiagnostic> diagnostics,
			Fingerprint fingerprint, SkillFolder.Listing listing) {
		SkillMeta meta = read;
		SkillEntry before = item.before();
		List<SkillDiagnostic> all = diagnostics;
		if (meta == null && before != null && before.meta() != null) {
			meta = before.meta();
			all = new ArrayList<>(diagnostics);
			all.add(SkillDiagnostic.error(item.folder().location(), meta.name(),
					"SKILL.md cannot be loaded any more; keeping the last good version of '" + meta.name()
							+ "' until it is fixed"));
		}
		return new SkillEntry(item.folder(), item.order(), meta, all, fingerprint, listing);
	}

	// While the file cannot be read or split (a half-saved edit, a file removed under the
	// caller's snapshot), the last body read is the best answer.
	String body(SkillEntry entry) {
		SkillFolder folder = entry.folder();
		String name = entry.meta().name();
		Fingerprint fingerprint = folder.fingerprint();
		Body cached = cached(folder.location());
		if (cached != null && cached.fingerprint().equals(fingerprint)) {
			return cached.text();
		}
		try (SkillFolder.OpenSkillFile file = folder.openSkill()) {
			FrontmatterParser.Body body = FrontmatterParser.readBody(file.stream(), this.config.maxBodyBytes());
			body.warnings()
				.forEach((warning) -> logger.warn(SkillDiagnostic.warning(folder.location(), name, warning)));
			cache(folder.location(), new Body(fingerprint, body.text()));
			return body.text();
		}
		catch (IOException | UncheckedIOException | FrontmatterException ex) {
			if (cached != null) {
				return cached.text();
			}
			// The model sees this: name the problem, never a server path.
			String why = (ex instanceof FrontmatterException) ? ex.getMessage() : "its SKILL.md cannot be opened";
			throw new SkillResourceException(Reason.UNREADABLE,
					"Skill '" + ModelText.echo(name) + "' cannot be read right now: " + why);
		}
	}

	synchronized @Nullable Body cached(String location) {
		return this.bodies.get(location);
	}

	// A body larger than the whole cache is not kept; the least recently used make room.
	synchronized void cache(String location, Body body) {
		Body old = this.bodies.remove(location);
		if (old != null) {
			this.cachedChars -= old.text().length();
		}
		if (body.text().length() > this.maxCachedChars) {
			return;
		}
		this.bodies.put(location, body);
		this.cachedChars += body.text().length();
		var eldest = this.bodies.values().iterator();
		while (this.cachedChars > this.maxCachedChars && eldest.hasNext()) {
			this.cachedChars -= eldest.next().text().length();
			eldest.remove();
		}
	}

	synchronized long cachedChars() {
		return this.cachedChars;
	}

	record Body(Fingerprint fingerprint, String text) {
	}

	// A skill folder to read into entries[at]; before is its entry in the last snapshot.
	record Pending(int at, SkillFolder folder, int order, @Nullable SkillEntry before, boolean relistOnly) {

		// Only the files are listed again when the SKILL.md found is the one read before;
		// a SKILL.md renamed to skill.md keeps its fingerprint but is another file.
		static Pending of(int at, LocationScanner.Found found, int order, @Nullable SkillEntry before) {
			SkillFolder folder = found.folder();
			boolean unchanged = before != null && before.order() == order
					&& before.folder().location().equals(folder.location())
					&& before.folder().builtin() == folder.builtin()
					&& before.fingerprint().equals(found.fingerprint());
			return new Pending(at, unchanged ? before.folder() : folder, order, before, unchanged);
		}

	}

}
