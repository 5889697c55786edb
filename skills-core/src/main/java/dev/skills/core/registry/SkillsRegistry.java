package dev.skills.core.registry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.files.FileReads;
import dev.skills.core.internal.watch.ChangeWatcher;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Every skill of the configured locations, kept current.
 * <p>
 * Readers are on one immutable {@link SkillsSnapshot} and never lock; a reload builds the
 * next snapshot and swaps one reference. This class is the lifecycle and a few
 * conveniences over {@link #snapshot()}. Discovery reads frontmatter only; bodies are
 * read when {@link SkillsSnapshot#load(String) loaded}. With hot reload on, only changed
 * skill folders are read again, and a skill an edit breaks keeps its last good version.
 * <p>
 * The first location with a skill of a name wins; later ones are reported as shadowed. A
 * broken skill becomes an error diagnostic, logged on the {@code dev.skills.registry}
 * logger and kept on {@link #diagnostics()}.
 */
public class SkillsRegistry implements AutoCloseable {

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	private final SkillConfig config;

	private final FileReads reads = new FileReads();

	private final ChangeDelivery delivery = new ChangeDelivery();

	private final SkillsWriter writer;

	// Guards the watcher's start and stop, and closed.
	private final Object watching = new Object();

	private volatile @Nullable ChangeWatcher watcher;

	private boolean closed;

	/**
	 * Create an empty registry with the default configuration; call
	 * {@link #discover(List)}.
	 */
	public SkillsRegistry() {
		this(SkillConfig.builder().build());
	}

	/**
	 * Create an empty registry; call {@link #discover(List)}, or use {@link #create}.
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
		this.writer = new SkillsWriter(new LocationScanner(resolver, config, this.reads),
				new SkillReads(this.reads, config, SkillReads.BODY_CACHE_CHARS), this.delivery);
	}

	/**
	 * Create a registry, discover its locations and watch them when hot reload is on.
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
	 * Search these locations instead of those before; with hot reload on, watch them.
	 * @param locations the locations, as {@link SkillConfig#skillsDir()} holds them
	 * @return what changed
	 */
	public SkillsChange discover(List<String> locations) {
		synchronized (this.watching) {
			// The watcher thread takes the writer's lock: stop it first.
			stopWatching();
			SkillsChange change = this.writer.relocate(locations);
			List<Path> folders = this.writer.locations()
				.stream()
				.map(Location::folder)
				.filter(Objects::nonNull)
				.toList();
			if (this.config.hotReload() && !this.closed && !folders.isEmpty()) {
				try {
					this.watcher = ChangeWatcher.start(folders, this.config, this.writer);
				}
				catch (IOException ex) {
					logger.warn("Cannot watch skill folders; hot reload is off: " + ex.getMessage());
				}
			}
			return change;
		}
	}

	/**
	 * Search every location again; an unchanged {@code SKILL.md} is not read again.
	 * Callers that ask while a reload runs share the next one.
	 * @return what changed
	 */
	public SkillsChange reload() {
		return this.writer.rescan();
	}

	/**
	 * Apply changes to files or folders of folder locations (what the watcher calls),
	 * reading again only the skill folders they touch.
	 * @param changedPaths files or folders that were created, modified or deleted
	 * @return what changed
	 */
	public SkillsChange refresh(Collection<Path> changedPaths) {
		return this.writer.refresh(changedPaths);
	}

	/**
	 * Keep a reporter's diagnostics on {@link #diagnostics()} until it reports again: for
	 * problems of no skill file, such as a remote source that cannot be fetched.
	 * @param reporter who reports, for example a source's name
	 * @param diagnostics every current diagnostic of the reporter; empty to clear them
	 */
	public void report(String reporter, List<SkillDiagnostic> diagnostics) {
		this.writer.standingDiagnostics(reporter, diagnostics);
	}

	/**
	 * The current snapshot; hold it to read several things consistently.
	 * @return the snapshot
	 */
	public SkillsSnapshot snapshot() {
		return this.writer.snapshot();
	}

	/**
	 * The number of skills of the current snapshot.
	 * @return the count
	 */
	public int size() {
		return snapshot().size();
	}

	/**
	 * Whether the current snapshot has a skill of that name.
	 * @param name the name
	 * @return {@code true} when it does
	 */
	public boolean contains(String name) {
		return snapshot().contains(name);
	}

	/**
	 * The skill names of the current snapshot, sorted.
	 * @return the names
	 */
	public List<String> names() {
		return snapshot().names();
	}

	/**
	 * The skill of that name in the current snapshot.
	 * @param name the name
	 * @return the skill's frontmatter, or empty
	 */
	public Optional<SkillMeta> get(String name) {
		return snapshot().get(name);
	}

	/**
	 * Every diagnostic of the current snapshot.
	 * @return errors and warnings
	 */
	public List<SkillDiagnostic> diagnostics() {
		return snapshot().diagnostics();
	}

	/**
	 * The {@code <available_skills>} catalog of the current snapshot.
	 * @return the catalog block
	 */
	public String buildCatalog() {
		return snapshot().catalog();
	}

	/**
	 * Read a file as {@link SkillsSnapshot#readFile(String, String, int)} does.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @param maxBytes the most bytes to return
	 * @return the text the model sees
	 */
	public String readFile(String skill, String path, int maxBytes) {
		return snapshot().readFile(skill, path, maxBytes);
	}

	/**
	 * Whether the watcher is running ({@code false} with hot reload off or a dead one).
	 * @return whether file changes are being applied
	 */
	public boolean isWatching() {
		ChangeWatcher current = this.watcher;
		return current != null && current.isRunning();
	}

	/**
	 * The skill folders with a file read that never returned (a FIFO swapped in for a
	 * file and unlinked again): their files are refused until it does.
	 * @return each folder with the number of threads it holds; empty when none
	 */
	public Map<String, Integer> stuckReads() {
		return this.reads.stuck();
	}

	/**
	 * Be told of every change from now on, off the thread that applies it (see
	 * {@link SkillsListener}).
	 * @param listener the listener
	 */
	public void addListener(SkillsListener listener) {
		addListener(listener, false);
	}

	/**
	 * Be told of every change from now on and, when asked, first of the current skills,
	 * as a change that adds them all: what a listener that mirrors the skills (an index,
	 * say) starts from, with no generation missed or told twice.
	 * @param listener the listener
	 * @param withCurrentSkills whether to be told of the current skills first
	 */
	public void addListener(SkillsListener listener, boolean withCurrentSkills) {
		this.writer.addListener(listener, withCurrentSkills);
	}

	/**
	 * Stop being told of changes; a change not told yet is dropped, a call under way
	 * finishes.
	 * @param listener the listener
	 */
	public void removeListener(SkillsListener listener) {
		this.delivery.remove(listener);
	}

	/**
	 * Stop the watcher and every thread, listeners' included (changes not told yet are
	 * dropped); the last snapshot's skill list stays readable.
	 */
	@Override
	public void close() {
		synchronized (this.watching) {
			this.closed = true;
			stopWatching();
		}
		this.delivery.close();
		this.reads.close();
	}

	private void stopWatching() {
		if (this.watcher != null) {
			this.watcher.close();
			this.watcher = null;
			this.writer.onDiagnostics(List.of());
		}
	}

}
