package dev.skills.core.registry;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.parse.FrontmatterException;
import dev.skills.core.parse.FrontmatterParser;
import dev.skills.core.parse.SkillLoader;
import dev.skills.core.prompt.SkillPrompts;
import dev.skills.core.resource.SkillFiles;
import dev.skills.core.resource.SkillSource;
import dev.skills.core.resource.SkillSource.Fingerprint;
import dev.skills.core.watch.ChangeWatcher;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Every skill of the configured locations, kept current.
 * <p>
 * Discovery reads frontmatter only; a body is read when {@link #load(String) loaded} and cached
 * by file fingerprint. The state lives in one immutable {@link SkillsSnapshot}: readers never
 * lock, and a reload builds the next snapshot and swaps one reference. With hot reload on, folder
 * locations are watched and only the skill folders that changed are read again; a skill whose
 * edit breaks it keeps its last good version until it is fixed.
 * <p>
 * Locations are searched in order and the first skill of a name wins; each later one is reported
 * as shadowed. One broken skill never stops the others: it becomes an error diagnostic, logged as
 * a warning on the {@code dev.skills.registry} logger and kept on {@link #diagnostics()}.
 */
public class SkillsRegistry implements AutoCloseable {

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	// Bodies kept in memory; the least recently used beyond this are read again when needed.
	private static final int BODY_CACHE_SIZE = 256;

	private final SkillConfig config;

	private final LocationScanner scanner;

	// Serialises snapshot edits; readers never take it.
	private final Object writeLock = new Object();

	// Serialises starting and stopping the watcher.
	private final Object lifecycleLock = new Object();

	private final List<SkillsListener> listeners = new CopyOnWriteArrayList<>();

	private final Map<String, CachedSkill> bodies = new LinkedHashMap<>(16, 0.75f, true) {

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, CachedSkill> eldest) {
			return size() > BODY_CACHE_SIZE;
		}

	};

	// The file list last handed out per skill file; see filesChanged.
	private final Map<String, List<String>> listings = new ConcurrentHashMap<>();

	private volatile SkillsSnapshot snapshot = SkillsSnapshot.empty();

	private volatile List<Location> locations = List.of();

	private volatile @Nullable ChangeWatcher watcher;

	private boolean closed;

	/**
	 * Create an empty registry with the default configuration; call {@link #discover(List)}.
	 */
	public SkillsRegistry() {
		this(SkillConfig.builder().build());
	}

	/**
	 * Create an empty registry; call {@link #discover(List)}, or use {@link #create(SkillConfig)}.
	 * @param config the configuration (its locations are not searched until asked)
	 */
	public SkillsRegistry(SkillConfig config) {
		this(config, new PathMatchingResourcePatternResolver());
	}

	/**
	 * Create an empty registry that scans the classpath with the given resolver.
	 * @param config the configuration
	 * @param resolver the resolver for {@code classpath*:} locations
	 */
	public SkillsRegistry(SkillConfig config, ResourcePatternResolver resolver) {
		this.config = config;
		this.scanner = new LocationScanner(resolver, config);
	}

	/**
	 * Create a registry, discover the configured locations and, when hot reload is on, start
	 * watching them.
	 * @param config the configuration
	 * @return the registry
	 */
	public static SkillsRegistry create(SkillConfig config) {
		SkillsRegistry registry = new SkillsRegistry(config);
		registry.discover(config.skillsDir());
		return registry;
	}

	/**
	 * The configuration.
	 * @return the configuration
	 */
	public SkillConfig config() {
		return this.config;
	}

	/**
	 * Search these locations, replacing any searched before, and start watching them when hot
	 * reload is on.
	 * @param locations folder paths, {@code file:} URLs or {@code classpath*:} patterns, in
	 * precedence order
	 * @return what changed
	 */
	public SkillsChange discover(List<String> locations) {
		// The watcher thread takes the write lock to apply changes: stop it without holding that lock.
		synchronized (this.lifecycleLock) {
			stopWatcher();
			SkillsChange change;
			synchronized (this.writeLock) {
				List<Location> parsed = new ArrayList<>();
				for (String spec : locations) {
					parsed.add(Location.of(parsed.size(), spec));
				}
				this.locations = List.copyOf(parsed);
				change = rescan(this.snapshot.edit(), System.nanoTime());
			}
			startWatcher();
			return change;
		}
	}

	/**
	 * Search every location again now. Skills whose {@code SKILL.md} did not change are not
	 * read again.
	 * @return what changed
	 */
	public SkillsChange reload() {
		synchronized (this.writeLock) {
			return rescan(this.snapshot.edit(), System.nanoTime());
		}
	}

	/**
	 * Apply changes to files or folders inside folder locations: only the skill folders they
	 * touch are read again. The watcher calls this; so can an application with its own events.
	 * @param changedPaths files or folders that were created, modified or deleted
	 * @return what changed
	 */
	public SkillsChange refresh(Collection<Path> changedPaths) {
		synchronized (this.writeLock) {
			long start = System.nanoTime();
			SkillsSnapshot current = this.snapshot;
			SkillsSnapshot.Editor editor = current.edit();
			Map<String, Location> dirty = new LinkedHashMap<>();
			Set<String> filesTouched = new HashSet<>();
			for (Path changed : changedPaths) {
				Path path = changed.toAbsolutePath().normalize();
				for (Location location : this.locations) {
					if (location.contains(path)) {
						collectDirty(location, path, current, dirty, filesTouched);
						break;
					}
				}
			}
			dirty.forEach((directory, location) -> reread(editor, location, directory, current.entryAt(directory),
					filesTouched.contains(directory)));
			return commit(editor, start);
		}
	}

	/**
	 * The current snapshot; hold it to read several things consistently.
	 * @return the snapshot
	 */
	public SkillsSnapshot snapshot() {
		return this.snapshot;
	}

	/**
	 * The number of skills.
	 * @return the count
	 */
	public int size() {
		return this.snapshot.size();
	}

	/**
	 * Whether a skill of that name exists.
	 * @param name the name
	 * @return {@code true} when it does
	 */
	public boolean contains(String name) {
		return this.snapshot.contains(name);
	}

	/**
	 * The skill names, sorted.
	 * @return the names
	 */
	public List<String> names() {
		return this.snapshot.names();
	}

	/**
	 * The skill of that name.
	 * @param name the name
	 * @return the skill's frontmatter, or empty
	 */
	public Optional<SkillMeta> get(String name) {
		return this.snapshot.get(name);
	}

	/**
	 * Every skill, in catalog order.
	 * @return the skills
	 */
	public List<SkillMeta> skills() {
		return this.snapshot.skills();
	}

	/**
	 * Every diagnostic of the current snapshot.
	 * @return errors and warnings
	 */
	public List<SkillDiagnostic> diagnostics() {
		return this.snapshot.diagnostics();
	}

	/**
	 * The {@code <available_skills>} catalog.
	 * @return the catalog block
	 */
	public String buildCatalog() {
		return this.snapshot.catalog();
	}

	/**
	 * Whether the watcher is running: {@code false} when hot reload is off or the watcher died.
	 * @return whether file changes are being applied
	 */
	public boolean isWatching() {
		ChangeWatcher current = this.watcher;
		return current != null && current.isRunning();
	}

	/**
	 * Load a skill with its instructions and bundled files.
	 * @param name the skill name
	 * @return the skill
	 * @throws SkillResourceException when there is no such skill, or its file cannot be read
	 */
	public Skill load(String name) {
		SkillEntry entry = requireEntry(this.snapshot, name);
		CachedSkill contents = contents(name, entry.source());
		return new Skill(entry.meta(), contents.body(), contents.files());
	}

	/**
	 * The files a skill bundles, without reading its body.
	 * @param name the skill name
	 * @return relative paths, sorted; empty when it bundles none
	 * @throws SkillResourceException when there is no such skill
	 */
	public List<String> files(String name) {
		return listFiles(requireEntry(this.snapshot, name).source());
	}

	// Lists a skill's files and remembers what was handed out, so that a later change of the
	// list (not of a file's content) can be reported as a change of the skill.
	private List<String> listFiles(SkillSource source) {
		List<String> files = source.files();
		this.listings.put(source.location(), files);
		return files;
	}

	// Whether the files of a skill differ from the list last handed out; false when none was.
	private boolean filesChanged(SkillSource source) {
		List<String> seen = this.listings.get(source.location());
		return seen != null && !seen.equals(listFiles(source));
	}

	/**
	 * Read a file bundled with a skill, within the configured size limit.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @return the text the model sees
	 * @throws SkillResourceException when the skill or file does not exist or the path is not
	 * allowed
	 */
	public String readFile(String skill, String path) {
		return readFile(skill, path, this.config.maxResourceBytes());
	}

	/**
	 * Read a file bundled with a skill: text (invalid UTF-8 replaced), a description for binary
	 * files, a listing for folders, the first {@code maxBytes} with a note for large files.
	 * Absolute paths, {@code ..}, backslashes, hidden files and links leaving the skill folder are
	 * rejected; nothing is executed.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @param maxBytes the most bytes to return
	 * @return the text the model sees
	 * @throws SkillResourceException when the skill or file does not exist or the path is not
	 * allowed
	 */
	public String readFile(String skill, String path, int maxBytes) {
		return requireEntry(this.snapshot, skill).source().read(skill, path, maxBytes);
	}

	/**
	 * Be told of every change.
	 * @param listener the listener
	 */
	public void addListener(SkillsListener listener) {
		this.listeners.add(listener);
	}

	/**
	 * Stop being told of changes.
	 * @param listener the listener
	 */
	public void removeListener(SkillsListener listener) {
		this.listeners.remove(listener);
	}

	/**
	 * Stop the watcher and its thread. The registry keeps its last snapshot.
	 */
	@Override
	public void close() {
		synchronized (this.lifecycleLock) {
			this.closed = true;
			stopWatcher();
		}
	}

	private SkillEntry requireEntry(SkillsSnapshot current, String name) {
		SkillEntry entry = current.entry(name);
		if (entry == null || entry.meta() == null) {
			throw new SkillResourceException(Reason.UNKNOWN_SKILL,
					"Unknown skill '" + name + "'. " + SkillPrompts.nameList("Available skills", current.names()));
		}
		return entry;
	}

	// The body and file list of a skill, read again only when its SKILL.md changed or a reload
	// touched its folder.
	private CachedSkill contents(String name, SkillSource source) {
		Fingerprint fingerprint = source.fingerprint();
		CachedSkill cached;
		synchronized (this.bodies) {
			cached = this.bodies.get(source.location());
		}
		if (cached != null && cached.fingerprint().equals(fingerprint)) {
			return cached;
		}
		try (Reader reader = source.openSkillFile()) {
			CachedSkill read = new CachedSkill(fingerprint, FrontmatterParser.readBody(reader), listFiles(source));
			synchronized (this.bodies) {
				this.bodies.put(source.location(), read);
			}
			return read;
		}
		catch (IOException | UncheckedIOException | FrontmatterException ex) {
			// A half-saved file: the last body read is still the best answer.
			if (cached != null) {
				return cached;
			}
			throw new SkillResourceException(Reason.UNREADABLE,
					"Skill '" + name + "' cannot be read right now: " + ex.getMessage());
		}
	}

	private void forgetContents(@Nullable String location) {
		synchronized (this.bodies) {
			if (location == null) {
				this.bodies.clear();
			}
			else {
				this.bodies.remove(location);
			}
		}
	}

	private SkillsChange rescan(SkillsSnapshot.Editor editor, long startNanos) {
		forgetContents(null);
		SkillsSnapshot current = this.snapshot;
		List<SkillDiagnostic> locationDiagnostics = new ArrayList<>();
		Set<String> seen = new LinkedHashSet<>();
		for (Location location : this.locations) {
			List<SkillSource> sources = this.scanner.scan(location, locationDiagnostics);
			for (int i = 0; i < sources.size(); i++) {
				SkillSource source = sources.get(i);
				int order = (location.folder() != null) ? 0 : i;
				if (seen.add(source.baseDirectory())) {
					SkillEntry previous = current.entryAt(source.baseDirectory());
					boolean unchanged = previous != null && previous.locationIndex() == location.index()
							&& previous.order() == order && previous.fingerprint().equals(source.fingerprint());
					if (!unchanged) {
						editor.put(this.scanner.read(source, location.index(), order, previous));
					}
					else if (filesChanged(source)) {
						editor.filesChanged(previous);
					}
				}
			}
		}
		for (String directory : List.copyOf(editor.directories())) {
			if (!seen.contains(directory)) {
				editor.remove(directory);
			}
		}
		editor.locationDiagnostics(locationDiagnostics);
		return commit(editor, startNanos);
	}

	// Find the skill folders a changed path affects: the skill it lies in, the skills below it
	// (a folder moved or deleted), and new skills in a folder that appeared.
	private void collectDirty(Location location, Path path, SkillsSnapshot current, Map<String, Location> dirty,
			Set<String> filesTouched) {
		for (Path dir = path; dir != null && location.contains(dir); dir = dir.getParent()) {
			if (current.entryAt(dir.toString()) != null) {
				dirty.put(dir.toString(), location);
				if (isBundledFile(dir.relativize(path))) {
					filesTouched.add(dir.toString());
				}
				return;
			}
		}
		String prefix = path + path.getFileSystem().getSeparator();
		for (SkillEntry entry : current.entries()) {
			if (entry.key().startsWith(prefix) || entry.key().equals(path.toString())) {
				dirty.put(entry.key(), location);
			}
		}
		Path start = Files.isDirectory(path) ? path : path.getParent();
		if (start != null && Files.isDirectory(start) && location.contains(start)) {
			for (SkillSource source : this.scanner.scanBelow(location, start)) {
				dirty.put(source.baseDirectory(), location);
				// A folder that became a skill hides the skills below it.
				String below = source.baseDirectory() + path.getFileSystem().getSeparator();
				for (SkillEntry entry : current.entries()) {
					if (entry.key().startsWith(below)) {
						dirty.put(entry.key(), location);
					}
				}
			}
		}
		if (path.equals(location.folder())) {
			// The location itself appeared or vanished: its warning may have changed.
			dirty.put(path.toString(), location);
		}
	}

	// Whether a path inside a skill folder is one of its bundled files (or folders of them).
	private static boolean isBundledFile(Path relative) {
		if (relative.toString().isEmpty() || relative.toString().equals(SkillLoader.SKILL_FILE)
				|| relative.toString().equals(SkillLoader.LOWERCASE_SKILL_FILE)) {
			return false;
		}
		for (Path segment : relative) {
			if (SkillFiles.isSkipped(segment.toString())) {
				return false;
			}
		}
		return true;
	}

	private void reread(SkillsSnapshot.Editor editor, Location location, String directory,
			@Nullable SkillEntry previous, boolean filesTouched) {
		Path folder = Path.of(directory);
		if (location.folder() != null && folder.equals(location.folder()) && previous == null) {
			editor.locationDiagnostics(relocate(location, editor.locationDiagnostics()));
		}
		Path skillFile = SkillLoader.findSkillFile(folder);
		if (skillFile == null || insideAnotherSkill(location, folder)) {
			editor.remove(directory);
			if (skillFile == null && previous != null && Files.isDirectory(folder)) {
				// No longer a skill: the skills below it are found again, as a full scan would.
				for (SkillSource below : this.scanner.scanBelow(location, folder)) {
					editor.put(this.scanner.read(below, location.index(), 0, this.snapshot.entryAt(below.baseDirectory())));
				}
			}
			return;
		}
		SkillSource source = SkillSource.folder(skillFile);
		// Something in the folder changed: its file list may have, even if SKILL.md did not.
		forgetContents(source.location());
		if (previous == null || !previous.fingerprint().equals(source.fingerprint())) {
			editor.put(this.scanner.read(source, location.index(), 0, previous));
		}
		else if (filesTouched && filesChanged(source)) {
			// Same SKILL.md, other bundled files: a change all the same (the tools offered depend on it).
			editor.filesChanged(previous);
		}
	}

	// Whether a folder lies inside a skill folder of the location, and so is not a skill itself.
	private static boolean insideAnotherSkill(Location location, Path folder) {
		for (Path dir = folder.getParent(); dir != null && location.contains(dir); dir = dir.getParent()) {
			if (SkillLoader.findSkillFile(dir) != null) {
				return true;
			}
		}
		return false;
	}

	// Location warnings after a location folder appeared or vanished. Start from the edit's
	// warnings, not the snapshot's: other locations may have changed in the same refresh.
	private List<SkillDiagnostic> relocate(Location changed, List<SkillDiagnostic> current) {
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		for (SkillDiagnostic diagnostic : current) {
			if (!diagnostic.file().equals(changed.folder().toString())) {
				diagnostics.add(diagnostic);
			}
		}
		if (!Files.isDirectory(changed.folder())) {
			diagnostics.add(SkillDiagnostic.warning(changed.folder().toString(), null, "Skill location does not exist"));
		}
		return diagnostics;
	}

	private SkillsChange commit(SkillsSnapshot.Editor editor, long startNanos) {
		SkillsSnapshot current = this.snapshot;
		long generation = current.generation() + 1;
		SkillsChange change = editor.change(generation, Duration.ofNanos(System.nanoTime() - startNanos));
		if (!editor.differs(change)) {
			return new SkillsChange(Set.of(), Set.of(), Set.of(), current.generation(), Set.of(), change.duration());
		}
		SkillsSnapshot next = editor.build(generation);
		this.snapshot = next;
		logNewDiagnostics(current, next, editor.written());
		for (SkillsListener listener : this.listeners) {
			try {
				listener.onChange(change);
			}
			catch (RuntimeException ex) {
				logger.warn("A skills listener failed", ex);
			}
		}
		return change;
	}

	private void logNewDiagnostics(SkillsSnapshot before, SkillsSnapshot after, List<SkillEntry> written) {
		if (!logger.isWarnEnabled()) {
			return;
		}
		for (SkillEntry entry : written) {
			entry.diagnostics().forEach((diagnostic) -> logger.warn(diagnostic));
		}
		if (!after.locationDiagnostics().equals(before.locationDiagnostics())) {
			after.locationDiagnostics().forEach((diagnostic) -> logger.warn(diagnostic));
		}
	}

	private void startWatcher() {
		if (!this.config.hotReload() || this.closed) {
			return;
		}
		List<Path> folders = this.locations.stream().map(Location::folder).filter((f) -> f != null).toList();
		if (folders.isEmpty()) {
			return;
		}
		try {
			this.watcher = ChangeWatcher.start(folders, this.config.watchDebounce(), this.config.pollInterval(),
					(changed, overflow) -> {
						if (overflow) {
							reload();
						}
						else {
							refresh(changed);
						}
					});
		}
		catch (IOException ex) {
			logger.warn("Cannot watch skill folders; hot reload is off: " + ex.getMessage());
		}
	}

	private void stopWatcher() {
		if (this.watcher != null) {
			this.watcher.close();
			this.watcher = null;
		}
	}

	private record CachedSkill(Fingerprint fingerprint, String body, List<String> files) {
	}

}
