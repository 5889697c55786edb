package dev.skills.boot.endpoint;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.EmbeddingStatus;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.usage.SkillUsage;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * {@code /actuator/skills}: every skill with its diagnostics and, when tracked, how the
 * skills were used; one skill in detail; and a reload.
 */
@Endpoint(id = "skills")
public class SkillsEndpoint {

	private final SkillsRegistry registry;

	private final SkillConfig.Mode mode;

	private final boolean showInstructions;

	private final @Nullable SkillCatalog catalog;

	private final @Nullable SkillUsage usage;

	// The most skills of each usage list.
	static final int USAGE_LIMIT = 100;

	private final @Nullable SkillsEndpointSources sources;

	private final SkillSets sets;

	private final @Nullable SkillsEmbeddings embeddings;

	/**
	 * Create the endpoint.
	 * @param registry the skills
	 * @param showInstructions whether one skill's detail includes its instructions
	 */
	public SkillsEndpoint(SkillsRegistry registry, boolean showInstructions) {
		this(registry, SkillConfig.Mode.ON_DEMAND, showInstructions, null, null, null, SkillSets.NONE, null);
	}

	/**
	 * Create the endpoint, also showing the advisor's mode, the catalog's token budget,
	 * the skills' usage, the skill sets, remote sources (fetched on a reload) and how far
	 * ranking by meaning is.
	 * @param registry the skills
	 * @param mode how the advisor offers skills
	 * @param showInstructions whether one skill's detail includes its instructions
	 * @param catalog the catalog the advisor uses, if any
	 * @param usage the usage tracked of the skill tools and the catalog, if any
	 * @param sources the remote sources, if any
	 * @param sets the skill sets, {@link SkillSets#NONE} without any
	 * @param embeddings ranking by meaning, if on
	 */
	public SkillsEndpoint(SkillsRegistry registry, SkillConfig.Mode mode, boolean showInstructions,
			@Nullable SkillCatalog catalog, @Nullable SkillUsage usage, @Nullable SkillsEndpointSources sources,
			SkillSets sets, @Nullable SkillsEmbeddings embeddings) {
		this.embeddings = embeddings;
		this.sources = sources;
		this.sets = sets;
		this.registry = registry;
		this.mode = mode;
		this.showInstructions = showInstructions;
		this.catalog = catalog;
		this.usage = usage;
	}

	/**
	 * Describe the registry.
	 * @return mode, locations, generation, the skills and all diagnostics
	 */
	@ReadOperation
	public SkillsDescriptor skills() {
		SkillsSnapshot snapshot = this.registry.snapshot();
		SkillConfig config = this.registry.config();
		Map<String, List<Diagnostic>> byFile = diagnosticsByFile(snapshot);
		List<SkillSummary> skills = snapshot.skills()
			.stream()
			.map((meta) -> new SkillSummary(meta.name(), meta.description(), meta.metadata().get("version"),
					snapshot.digest(meta.name()).orElse(null), meta.location(), source(meta), meta.builtin(),
					snapshot.files(meta.name()).size(), byFile.getOrDefault(meta.location(), List.of()),
					remoteSource(meta)))
			.toList();
		return new SkillsDescriptor(this.mode.label(), config.hotReload(), config.skillsDir(), snapshot.generation(),
				snapshot.createdAt(), skills, snapshot.diagnostics().stream().map(Diagnostic::of).toList(),
				catalogOf(snapshot), (this.usage != null) ? this.usage.usage(snapshot, USAGE_LIMIT) : null,
				(this.sources != null) ? this.sources.sources() : null,
				this.sets.sets().isEmpty() ? null : this.sets.names(snapshot),
				(this.embeddings != null) ? this.embeddings.status() : null);
	}

	private @Nullable CatalogDescriptor catalogOf(SkillsSnapshot snapshot) {
		if (this.catalog == null) {
			return null;
		}
		int listed = this.catalog.lastListed();
		return new CatalogDescriptor(this.catalog.maxTokens(), this.catalog.fullTokens(snapshot),
				(listed >= 0) ? listed : null);
	}

	/**
	 * Describe one skill.
	 * @param name the skill name
	 * @return the skill's frontmatter, files and diagnostics, or {@code null} (404) when
	 * unknown
	 */
	@ReadOperation
	public @Nullable SkillDescriptor skill(@Selector String name) {
		SkillsSnapshot snapshot = this.registry.snapshot();
		SkillMeta meta = snapshot.get(name).orElse(null);
		if (meta == null) {
			return null;
		}
		String instructions = null;
		try {
			instructions = this.showInstructions ? snapshot.load(name).instructions() : null;
		}
		catch (SkillResourceException ex) {
			// Unreadable now: described without its instructions.
		}
		return new SkillDescriptor(meta.name(), meta.description(), meta.license(), meta.compatibility(),
				meta.metadata(), meta.allowedTools(), meta.disallowedTools(), meta.whenToUse(), meta.extraFields(),
				meta.location(), source(meta), meta.builtin(), snapshot.files(name),
				diagnosticsByFile(snapshot).getOrDefault(meta.location(), List.of()), instructions);
	}

	/**
	 * Fetch every remote source, then search every location again now; requests that
	 * arrive while a rescan runs share the next one.
	 * @return what changed since the request arrived, a source's new revision included
	 */
	@WriteOperation
	public ReloadDescriptor reload() {
		SkillsSnapshot before = this.registry.snapshot();
		if (this.sources != null) {
			// The fetch applies a new revision: the rescan after it finds nothing.
			this.sources.fetch();
		}
		// The registry's writer serves reloads that arrive while one runs with the next.
		SkillsChange change = SkillsChange.since(before, this.registry.reload().snapshot());
		return new ReloadDescriptor(change.added(), change.changed(), change.removed(), change.generation());
	}

	private @Nullable String remoteSource(SkillMeta meta) {
		return (this.sources != null) ? this.sources.sourceOf(meta.location()) : null;
	}

	private static String source(SkillMeta meta) {
		int entry = meta.location().lastIndexOf("!/");
		return (entry >= 0) ? meta.location().substring(0, entry) : meta.baseDirectory();
	}

	// One pass over the diagnostics, not one per skill.
	private static Map<String, List<Diagnostic>> diagnosticsByFile(SkillsSnapshot snapshot) {
		return snapshot.diagnostics()
			.stream()
			.collect(Collectors.groupingBy(SkillDiagnostic::file,
					Collectors.mapping(Diagnostic::of, Collectors.toList())));
	}

	/**
	 * The registry, as {@code GET /actuator/skills} returns it.
	 *
	 * @param mode {@code on-demand} or {@code session}
	 * @param hotReload whether changes are applied while running
	 * @param locations the configured locations
	 * @param generation the snapshot generation
	 * @param lastReload when the current snapshot was made
	 * @param skills the skills in catalog order
	 * @param diagnostics every diagnostic
	 * @param catalog the catalog's token budget, when there is a catalog
	 * @param usage activations per skill, skills never activated and skills the catalog
	 * left out most often recently (at most {@value #USAGE_LIMIT} of each), when tracked
	 * @param sources the remote sources (revision served, fetch times, last error), when
	 * there are any
	 * @param sets the names of the skills of each skill set, when there are sets
	 * @param embeddings the model ranking by meaning, the skills embedded so far, the
	 * skills there are, and the vectors this instance computed rather than took from the
	 * cache, when ranking by meaning is on
	 */
	public record SkillsDescriptor(String mode, boolean hotReload, List<String> locations, long generation,
			Instant lastReload, List<SkillSummary> skills, List<Diagnostic> diagnostics,
			@Nullable CatalogDescriptor catalog, SkillUsage.@Nullable Usage usage,
			@Nullable List<SkillsEndpointSources.Source> sources, @Nullable Map<String, List<String>> sets,
			@Nullable EmbeddingStatus embeddings) implements OperationResponseBody {
	}

	/**
	 * The catalog within its token budget.
	 *
	 * @param maxTokens the budget ({@code skills.catalog.max-tokens})
	 * @param fullTokens the tokens the catalog of every skill would take
	 * @param lastListed how many skills the last request's catalog listed; {@code null}
	 * before the first request
	 */
	public record CatalogDescriptor(int maxTokens, int fullTokens, @Nullable Integer lastListed) {
	}

	/**
	 * One skill in the list.
	 *
	 * @param name the name
	 * @param description the description
	 * @param version its {@code metadata.version}, if any
	 * @param digest the digest of its files served ({@code sha256:<hex>}, as in a lock
	 * file), when {@code skills.lock.file} is set and it is read from a folder
	 * @param location the {@code SKILL.md}
	 * @param source the folder or jar it came from
	 * @param builtin whether it ships with this library
	 * @param files the number of bundled files
	 * @param diagnostics its diagnostics
	 * @param remoteSource the name of the remote source it came from, or {@code null} for
	 * a local one
	 */
	public record SkillSummary(String name, String description, @Nullable String version, @Nullable String digest,
			String location, String source, boolean builtin, int files, List<Diagnostic> diagnostics,
			@Nullable String remoteSource) {
	}

	/**
	 * One skill in detail.
	 *
	 * @param name the name
	 * @param description the description
	 * @param license the license
	 * @param compatibility the compatibility note
	 * @param metadata the metadata
	 * @param allowedTools the allowed tools: {@code null} for no restriction, empty for
	 * no tool at all
	 * @param disallowedTools the disallowed tools
	 * @param whenToUse the routing hint
	 * @param extraFields fields outside the specification
	 * @param location the {@code SKILL.md}
	 * @param source the folder or jar it came from
	 * @param builtin whether it ships with this library
	 * @param files the bundled files
	 * @param diagnostics its diagnostics
	 * @param instructions the body, only when
	 * {@code skills.endpoint.show-instructions=true}
	 */
	public record SkillDescriptor(String name, String description, @Nullable String license,
			@Nullable String compatibility, Map<String, String> metadata, @Nullable List<String> allowedTools,
			List<String> disallowedTools, @Nullable String whenToUse, Map<String, String> extraFields, String location,
			String source, boolean builtin, List<String> files, List<Diagnostic> diagnostics,
			@Nullable String instructions) implements OperationResponseBody {
	}

	/**
	 * A diagnostic.
	 *
	 * @param severity {@code error} or {@code warning}
	 * @param file the file it is about
	 * @param skill the skill, if known
	 * @param message the message
	 */
	public record Diagnostic(String severity, String file, @Nullable String skill, String message) {

		static Diagnostic of(SkillDiagnostic diagnostic) {
			return new Diagnostic(diagnostic.severity().label(), diagnostic.file(), diagnostic.skillName(),
					diagnostic.message());
		}

	}

	/**
	 * What a reload changed.
	 *
	 * @param added skills that appeared
	 * @param changed skills that changed
	 * @param removed skills that disappeared
	 * @param generation the generation now
	 */
	public record ReloadDescriptor(Set<String> added, Set<String> changed, Set<String> removed,
			long generation) implements OperationResponseBody {
	}

}
