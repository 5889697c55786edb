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
import dev.skills.core.internal.files.DiskSkillFolder;
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
 * its file, so metadata and instructions always come from one version of the file; an
 * entry that keeps a last good version holds that version's instructions itself.
 */
final class SkillReads {

	// Characters of instructions kept in memory (about 16 MB).
	static final long BODY_CACHE_CHARS = 8L * 1024 * 1024;

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	private final FileReads reads;

	private final SkillConfig config;

	private final long maxCachedChars;

	private final @Nullable LockCheck lockCheck;

	// By SKILL.md location, least recently used first; guarded by this.
	private final Map<String, Body> bodies = new LinkedHashMap<>(16, 0.75f, true);

	private long cachedChars;

	SkillReads(FileReads reads, SkillConfig config, long maxCachedChars) {
		this.reads = reads;
		this.config = config;
		this.maxCachedChars = maxCachedChars;
		this.lockCheck = (config.lock() != null) ? new LockCheck(config.lock(), config.lockMode()) : null;
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

	// With a lock every read digests the files: a bundled file may change alone.
	private SkillEntry read(Pending item) throws IOException {
		SkillFolder folder = item.folder();
		boolean pinned = this.lockCheck != null && folder instanceof DiskSkillFolder;
		if (item.relistOnly() && !pinned) {
			SkillEntry before = item.before();
			SkillFolder.Listing listing = folder.listFiles();
			return listing.equals(before.listing()) ? before : new SkillEntry(folder, before.order(), before.meta(),
					before.diagnostics(), before.fingerprint(), listing, before.kept(), before.digest());
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
		String digest = (meta != null && pinned) ? LockCheck.digest(folder, listing) : null;
		SkillDiagnostic verdict = (meta != null && pinned) ? this.lockCheck.verdict(folder, meta.name(), digest) : null;
		if (verdict != null) {
			diagnostics.add(verdict);
		}
		Read read = new Read((meta != null && folder.builtin()) ? meta.withBuiltin(true) : meta, diagnostics,
				fingerprint, listing, digest);
		boolean verify = pinned && this.lockCheck.verifies();
		SkillEntry entry = entry(item, read, verdict == null || !verdict.isError(),
				verify ? SkillEntry.Why.NOT_PINNED : SkillEntry.Why.BROKEN_EDIT);
		if (verify && entry.kept() == null && entry.meta() != null && hasRoomFor(entry.fingerprint().size())) {
			// Cached while they match, so that a later push keeps them: only while the
			// cache has room, as evicting others to make it would read bodies in vain.
			bodyIfReadable(entry);
		}
		return entry;
	}

	private @Nullable String bodyIfReadable(SkillEntry entry) {
		try {
			return body(entry);
		}
		catch (SkillResourceException ex) {
			return null;
		}
	}

	// Noted as it is, so that a later scan reads it again only once it changes.
	private SkillEntry failed(Pending item, IOException ex) {
		List<SkillDiagnostic> diagnostics = List
			.of(SkillDiagnostic.error(item.folder().location(), null, "Cannot read SKILL.md: " + ex.getMessage()));
		return new SkillEntry(item.folder(), item.order(), null, diagnostics, item.folder().fingerprint(),
				SkillFolder.Listing.EMPTY, null, null);
	}

	// A read that may not be served keeps the last good version, when there was one: a
	// half-saved edit, or content the lock does not pin.
	private SkillEntry entry(Pending item, Read read, boolean servable, SkillEntry.Why why) {
		SkillEntry before = item.before();
		if (servable && read.meta() != null) {
			return new SkillEntry(item.folder(), item.order(), read.meta(), read.diagnostics(), read.fingerprint(),
					read.listing(), null, read.digest());
		}
		if (before == null || before.meta() == null) {
			return new SkillEntry(item.folder(), item.order(), null, read.diagnostics(), read.fingerprint(),
					read.listing(), null, null);
		}
		SkillMeta meta = before.meta();
		List<SkillDiagnostic> all = new ArrayList<>(read.diagnostics());
		if (read.meta() == null) {
			all.add(SkillDiagnostic.error(item.folder().location(), meta.name(),
					"SKILL.md cannot be loaded any more; keeping the last good version of '" + meta.name()
							+ "' until it is fixed"));
		}
		SkillEntry.Kept kept = kept(before, why);
		return new SkillEntry(item.folder(), item.order(), meta, all, read.fingerprint(),
				(kept.why() == SkillEntry.Why.NOT_PINNED) ? before.listing() : read.listing(), kept, before.digest());
	}

	// The version an entry served, instructions included while they can still be had
	// (cached, or the SKILL.md is still that version): they belong to its metadata,
	// whatever the files hold now. Once its files were not served, they are not again.
	private SkillEntry.Kept kept(SkillEntry served, SkillEntry.Why why) {
		SkillEntry.Kept was = served.kept();
		if (was != null) {
			return (was.why() == why || was.why() == SkillEntry.Why.NOT_PINNED) ? was
					: new SkillEntry.Kept(was.fingerprint(), was.body(), why);
		}
		return new SkillEntry.Kept(served.fingerprint(), bodyIfReadable(served), why);
	}

	// The instructions of the version the entry was read from, never those of a later
	// edit: a kept version's, a cached body of the same file, or the file while it is
	// still that file.
	String body(SkillEntry entry) {
		SkillFolder folder = entry.folder();
		String name = entry.meta().name();
		SkillEntry.Kept kept = entry.kept();
		if (kept != null) {
			if (kept.body() != null) {
				return kept.body();
			}
			throw unreadable(name,
					(kept.why() == SkillEntry.Why.NOT_PINNED)
							? "its files differ from the lock and the instructions that matched it were not kept"
							: "an edit of its SKILL.md does not load and its last good instructions were not kept");
		}
		Body cached = cached(folder.location());
		if (cached != null && cached.fingerprint().equals(entry.fingerprint())) {
			return cached.text();
		}
		FrontmatterParser.Body body = null;
		String why;
		try (SkillFolder.OpenSkillFile file = folder.openSkill()) {
			if (file.fingerprint().equals(entry.fingerprint())) {
				body = FrontmatterParser.readBody(file.stream(), this.config.maxBodyBytes());
			}
			why = "its SKILL.md changed since it was listed; try again once it is reloaded";
		}
		catch (IOException | UncheckedIOException | FrontmatterException ex) {
			why = (ex instanceof FrontmatterException) ? ex.getMessage() : "its SKILL.md cannot be opened";
		}
		if (body == null) {
			throw unreadable(name, why);
		}
		body.warnings().forEach((warning) -> logger.warn(SkillDiagnostic.warning(folder.location(), name, warning)));
		cache(folder.location(), new Body(entry.fingerprint(), body.text()));
		return body.text();
	}

	// Files that differ from the lock are not served, not even those that did not change.
	void checkFilesServed(SkillEntry entry) {
		SkillEntry.Kept kept = entry.kept();
		if (kept != null && kept.why() == SkillEntry.Why.NOT_PINNED) {
			throw unreadable(entry.meta().name(),
					"its files differ from the lock; only the instructions that matched it are served");
		}
	}

	// The model sees this: name the problem, never a server path.
	private static SkillResourceException unreadable(String name, String why) {
		return new SkillResourceException(Reason.UNREADABLE,
				"Skill '" + ModelText.echo(name) + "' cannot be read right now: " + why);
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

	// Whether a body of that many bytes fits without evicting another.
	private synchronized boolean hasRoomFor(long bytes) {
		return this.cachedChars + bytes <= this.maxCachedChars;
	}

	synchronized long cachedChars() {
		return this.cachedChars;
	}

	record Body(Fingerprint fingerprint, String text) {
	}

	/**
	 * What one read of a skill folder found.
	 *
	 * @param meta the skill, or {@code null} when it does not load
	 * @param diagnostics its problems, the lock's verdict included
	 * @param digest the digest of its files when a lock is checked and they could be read
	 */
	record Read(@Nullable SkillMeta meta, List<SkillDiagnostic> diagnostics, Fingerprint fingerprint,
			SkillFolder.Listing listing, @Nullable String digest) {
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
