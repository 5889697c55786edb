package dev.skills.core.registry;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillNotFoundException;
import dev.skills.core.SkillResourceException;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.lock.SkillsLock;
import org.jspecify.annotations.Nullable;

/**
 * An immutable view of every skill of one generation, and the reader of their
 * instructions and files: hold one for a whole request to read one generation whatever
 * reloads meanwhile. Derived views (names, catalog, diagnostics) are built on first use.
 * A {@link #filter(Predicate) filtered} snapshot answers as if the other skills did not
 * exist, refusals included: code handed one cannot reach past it.
 */
public final class SkillsSnapshot {

	private final long generation;

	private final Instant createdAt;

	// In precedence order; a reload replaces the parts of the locations it touched.
	private final List<LocationSkills> locations;

	private final List<SkillDiagnostic> standingDiagnostics;

	private final SkillReads reads;

	// For a filtered snapshot: the generation it narrows (its winners are the kept).
	private final @Nullable SkillsSnapshot whole;

	private volatile @Nullable Map<String, SkillEntry> winners;

	private final SnapshotViews views = new SnapshotViews(this::winners);

	private volatile @Nullable List<SkillDiagnostic> diagnostics;

	SkillsSnapshot(long generation, Instant createdAt, List<LocationSkills> locations,
			List<SkillDiagnostic> standingDiagnostics, SkillReads reads) {
		this.generation = generation;
		this.createdAt = createdAt;
		this.locations = List.copyOf(locations);
		this.standingDiagnostics = List.copyOf(standingDiagnostics);
		this.reads = reads;
		this.whole = null;
	}

	private SkillsSnapshot(SkillsSnapshot whole, Map<String, SkillEntry> kept) {
		this.generation = whole.generation;
		this.createdAt = whole.createdAt;
		this.locations = whole.locations;
		this.standingDiagnostics = whole.standingDiagnostics;
		this.reads = whole.reads;
		this.whole = whole;
		this.winners = kept;
	}

	/**
	 * This generation narrowed to the skills that match (tested on the winner of each
	 * name): every method answers as if the others did not exist; diagnostics are those
	 * naming a kept skill. One pass over the skills: cache the result per generation.
	 * @param member which skills to keep
	 * @return the narrowed snapshot, of the same generation
	 */
	public SkillsSnapshot filter(Predicate<? super SkillMeta> member) {
		return new SkillsSnapshot((this.whole != null) ? this.whole : this, SnapshotFilter.kept(winners(), member));
	}

	/**
	 * The generation: 0 before the first discovery, then one higher for every change.
	 * @return the generation number
	 */
	public long generation() {
		return this.generation;
	}

	/**
	 * When this snapshot was made.
	 * @return the time of the reload
	 */
	public Instant createdAt() {
		return this.createdAt;
	}

	/**
	 * The number of skills.
	 * @return how many names resolve
	 */
	public int size() {
		return winners().size();
	}

	/**
	 * Whether a skill of that name exists.
	 * @param name the name
	 * @return {@code true} when it resolves
	 */
	public boolean contains(String name) {
		return entry(name) != null;
	}

	/**
	 * The skill of that name.
	 * @param name the name
	 * @return the skill, or empty
	 */
	public Optional<SkillMeta> get(String name) {
		return Optional.ofNullable(entry(name)).map(SkillEntry::meta);
	}

	/**
	 * The names, sorted.
	 * @return the names
	 */
	public List<String> names() {
		return this.views.names();
	}

	/**
	 * The skills in catalog order: {@code metadata.priority} descending, then name.
	 * @return the skills
	 */
	public List<SkillMeta> skills() {
		return this.views.skills();
	}

	/**
	 * The {@code <available_skills>} catalog of these skills.
	 * @return the catalog block
	 */
	public String catalog() {
		return this.views.catalog();
	}

	/**
	 * Every diagnostic: the locations', the standing ones, each skill folder's, and a
	 * "shadowed by" warning per skill that lost a name clash.
	 * @return the diagnostics
	 */
	public List<SkillDiagnostic> diagnostics() {
		List<SkillDiagnostic> result = this.diagnostics;
		if (result == null) {
			result = (this.whole != null) ? SnapshotFilter.diagnostics(this.whole.diagnostics(), winners())
					: SnapshotDiagnostics.of(this.locations, winners(), locationDiagnostics());
			this.diagnostics = result;
		}
		return result;
	}

	/**
	 * Load a skill with its instructions and bundled files. A skill that a later reload
	 * removed still loads while its instructions can be read or are cached.
	 * @param name the skill name
	 * @return the skill
	 * @throws dev.skills.core.SkillNotFoundException when there is no such skill
	 * @throws SkillResourceException when its instructions cannot be read
	 */
	public Skill load(String name) {
		SkillEntry entry = known(name);
		return new Skill(entry.meta(), this.reads.body(entry), entry.listing().files());
	}

	/**
	 * The files a skill bundles, without reading its body.
	 * @param name the skill name
	 * @return relative paths, sorted; empty when it bundles none
	 * @throws SkillResourceException when there is no such skill
	 */
	public List<String> files(String name) {
		return known(name).listing().files();
	}

	/**
	 * The location a skill was found in, as configured or contributed: script trust.
	 * @param name the skill name (unknown: {@link SkillResourceException})
	 * @return the location as written, for example {@code ./skills}
	 */
	public String locationOf(String name) {
		known(name);
		return this.locations.stream()
			.filter((location) -> location.winners().containsKey(name))
			.findFirst()
			.orElseThrow()
			.location()
			.spec();
	}

	/**
	 * Read a file bundled with a skill within the configured size limit.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @return the text the model sees
	 */
	public String readFile(String skill, String path) {
		return readFile(skill, path, this.reads.maxResourceBytes());
	}

	/**
	 * Read a file bundled with a skill: text (invalid UTF-8 replaced), a description for
	 * binary files, a listing for folders, the first {@code maxBytes} with a note for
	 * large files. Absolute paths, {@code ..}, backslashes, hidden files and links
	 * leaving the skill folder are rejected; nothing is executed.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @param maxBytes the most bytes to return
	 * @return the text the model sees
	 * @throws SkillResourceException when the skill or file is missing or not allowed
	 * @throws IllegalArgumentException when {@code maxBytes} is not from 1 to 16 MiB
	 */
	public String readFile(String skill, String path, int maxBytes) {
		SkillConfig.checkByteLimit("maxBytes", maxBytes);
		SkillEntry entry = known(skill);
		this.reads.checkFilesServed(entry);
		return entry.folder().read(skill, path, maxBytes, entry.listing());
	}

	/**
	 * The digest of a skill's files, as a lock file shows it, when a lock is checked: the
	 * digest of the version served, which in verify mode is the one the lock pins.
	 * @param name the skill name
	 * @return {@code sha256:<hex>}; empty without a lock, for a skill on the classpath,
	 * or for no such skill
	 */
	public Optional<String> digest(String name) {
		SkillEntry entry = entry(name);
		return Optional.ofNullable((entry != null) ? entry.digest() : null).map(SkillsLock::display);
	}

	List<LocationSkills> locations() {
		return this.locations;
	}

	// The part of a location, when this snapshot has one for it.
	@Nullable LocationSkills part(Location location) {
		LocationSkills part = (location.index() < this.locations.size()) ? this.locations.get(location.index()) : null;
		return (part != null && part.location().equals(location)) ? part : null;
	}

	// The warnings about the locations themselves, then the standing ones.
	List<SkillDiagnostic> locationDiagnostics() {
		List<SkillDiagnostic> all = new ArrayList<>();
		this.locations.forEach((location) -> all.addAll(location.diagnostics()));
		all.addAll(this.standingDiagnostics);
		return all;
	}

	List<SkillDiagnostic> standingDiagnostics() {
		return this.standingDiagnostics;
	}

	// Looked up location by location, so that the writer's lookups build no index.
	@Nullable SkillEntry entry(String name) {
		if (this.whole != null) {
			return winners().get(name);
		}
		for (LocationSkills location : this.locations) {
			SkillEntry entry = location.winners().get(name);
			if (entry != null) {
				return entry;
			}
		}
		return null;
	}

	private SkillEntry known(@Nullable String name) {
		SkillEntry entry = (name != null) ? entry(name) : null;
		if (entry == null) {
			throw new SkillNotFoundException("Unknown skill '" + ModelText.echo(String.valueOf(name)) + "'. "
					+ SkillPrompts.nameList("Available skills", names()));
		}
		return entry;
	}

	private Map<String, SkillEntry> winners() {
		Map<String, SkillEntry> result = this.winners;
		if (result == null) {
			result = LocationSkills.winners(this.locations);
			this.winners = result;
		}
		return result;
	}

}
