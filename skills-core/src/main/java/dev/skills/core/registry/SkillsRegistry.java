package dev.skills.core.registry;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * Every skill of the configured locations, kept current.
 * <p>
 * The state lives in one immutable {@link SkillsSnapshot}: readers never lock, and a
 * reload builds the next snapshot and swaps one reference. Every read also takes a
 * snapshot, so that a request reads names, instructions and files of one generation
 * whatever reloads meanwhile. Discovery reads frontmatter only; bodies are read when
 * {@link #load(String) loaded} and cached. With hot reload on, only the skill folders
 * that changed are read again, and a skill whose edit breaks it keeps its last good
 * version, frontmatter and instructions, until it is fixed.
 * <p>
 * Locations are searched in order and the first skill of a name wins; each later one is
 * reported as shadowed. One broken skill never stops the others: it becomes an error
 * diagnostic, logged as a warning on the {@code dev.skills.registry} logger and kept on
 * {@link #diagnostics()}.
 */
public class SkillsRegistry implements AutoCloseable {

	private final SkillConfig config;

	private final RegistryRefresh refresh;

	private final RegistryWatch watch;

	private final SkillContents contents;

	/**
	 * Create an empty registry; call {@link #discover(List)}, or use
	 * {@link #create(SkillConfig)}.
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
		this.contents = new SkillContents(config.maxBodyBytes());
		this.refresh = new RegistryRefresh(new LocationScanner(resolver, config));
		this.watch = new RegistryWatch(config, this.refresh);
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
	 * @param locations folder paths, {@code file:} URLs or {@code classpath*:} patterns,
	 * in precedence order
	 * @return what changed
	 */
	public SkillsChange discover(List<String> locations) {
		return this.watch.rewatch(() -> this.refresh.relocate(locations));
	}

	/**
	 * Search every location again; an unchanged {@code SKILL.md} is not read again.
	 * @return what changed
	 */
	public SkillsChange reload() {
		return this.refresh.rescan();
	}

	/**
	 * Apply changes to files or folders of folder locations, reading again only the skill
	 * folders they touch. The watcher calls this; so can an application.
	 * @param changedPaths files or folders that were created, modified or deleted
	 * @return what changed
	 */
	public SkillsChange refresh(Collection<Path> changedPaths) {
		return this.refresh.refresh(changedPaths);
	}

	/**
	 * The current snapshot; hold it to read several things consistently.
	 * @return the snapshot
	 */
	public SkillsSnapshot snapshot() {
		return this.refresh.snapshot();
	}

	/**
	 * The number of skills.
	 * @return the count
	 */
	public int size() {
		return snapshot().size();
	}

	/**
	 * Whether a skill of that name exists.
	 * @param name the name
	 * @return {@code true} when it does
	 */
	public boolean contains(String name) {
		return snapshot().contains(name);
	}

	/**
	 * The skill names, sorted.
	 * @return the names
	 */
	public List<String> names() {
		return snapshot().names();
	}

	/**
	 * The skill of that name.
	 * @param name the name
	 * @return the skill's frontmatter, or empty
	 */
	public Optional<SkillMeta> get(String name) {
		return snapshot().get(name);
	}

	/**
	 * Every skill, in catalog order.
	 * @return the skills
	 */
	public List<SkillMeta> skills() {
		return snapshot().skills();
	}

	/**
	 * Every diagnostic of the current snapshot.
	 * @return errors and warnings
	 */
	public List<SkillDiagnostic> diagnostics() {
		return snapshot().diagnostics();
	}

	/**
	 * The {@code <available_skills>} catalog.
	 * @return the catalog block
	 */
	public String buildCatalog() {
		return snapshot().catalog();
	}

	/**
	 * Whether the watcher is running ({@code false} with hot reload off or a dead one).
	 * @return whether file changes are being applied
	 */
	public boolean isWatching() {
		return this.watch.isWatching();
	}

	/**
	 * Load a skill with its instructions and bundled files.
	 * @param name the skill name
	 * @return the skill
	 * @throws SkillResourceException when there is no such skill, or its file cannot be
	 * read
	 */
	public Skill load(String name) {
		return load(snapshot(), name);
	}

	/**
	 * Load a skill as one snapshot knows it. A skill that a later reload removed still
	 * loads while its instructions can be read or are cached.
	 * @param snapshot the snapshot the caller holds
	 * @param name the skill name
	 * @return the skill
	 * @throws SkillResourceException when the snapshot has no such skill, or its file
	 * cannot be read
	 */
	public Skill load(SkillsSnapshot snapshot, String name) {
		return this.contents.load(snapshot, name);
	}

	/**
	 * The files a skill bundles, without reading its body.
	 * @param name the skill name
	 * @return relative paths, sorted; empty when it bundles none
	 * @throws SkillResourceException when there is no such skill
	 */
	public List<String> files(String name) {
		return files(snapshot(), name);
	}

	/**
	 * The files a skill bundles, as one snapshot lists them.
	 * @param snapshot the snapshot the caller holds
	 * @param name the skill name
	 * @return relative paths, sorted; empty when it bundles none
	 * @throws SkillResourceException when the snapshot has no such skill
	 */
	public List<String> files(SkillsSnapshot snapshot, String name) {
		return SkillContents.entry(snapshot, name).files();
	}

	/**
	 * Read a file bundled with a skill, within the configured size limit.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @return the text the model sees
	 * @throws SkillResourceException when the skill or file does not exist or the path is
	 * not allowed
	 */
	public String readFile(String skill, String path) {
		return readFile(snapshot(), skill, path, this.config.maxResourceBytes());
	}

	/**
	 * Read a file bundled with a skill of the current snapshot, as
	 * {@link #readFile(SkillsSnapshot, String, String, int)} does.
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @param maxBytes the most bytes to return
	 * @return the text the model sees
	 */
	public String readFile(String skill, String path, int maxBytes) {
		return readFile(snapshot(), skill, path, maxBytes);
	}

	/**
	 * Read a file bundled with a skill of one snapshot: text (invalid UTF-8 replaced), a
	 * description for binary files, a listing for folders, the first {@code maxBytes}
	 * with a note for large files. Absolute paths, {@code ..}, backslashes, hidden files
	 * and links leaving the skill folder are rejected; nothing is executed.
	 * @param snapshot the snapshot the caller holds
	 * @param skill the skill name
	 * @param path the file's path relative to the skill folder
	 * @param maxBytes the most bytes to return
	 * @return the text the model sees
	 * @throws SkillResourceException when the skill or file does not exist or the path is
	 * not allowed
	 * @throws IllegalArgumentException when {@code maxBytes} is not between 1 and
	 * {@link SkillConfig#MAX_BYTES_LIMIT}
	 */
	public String readFile(SkillsSnapshot snapshot, String skill, String path, int maxBytes) {
		SkillConfig.checkByteLimit("maxBytes", maxBytes);
		return SkillContents.entry(snapshot, skill).source().read(skill, path, maxBytes);
	}

	/**
	 * Be told of every change.
	 * @param listener the listener
	 */
	public void addListener(SkillsListener listener) {
		this.refresh.listeners().add(listener);
	}

	/**
	 * Stop being told of changes.
	 * @param listener the listener
	 */
	public void removeListener(SkillsListener listener) {
		this.refresh.listeners().remove(listener);
	}

	/**
	 * Stop the watcher and its thread. The registry keeps its last snapshot.
	 */
	@Override
	public void close() {
		this.watch.close();
	}

}
