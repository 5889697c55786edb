package dev.skills.spring.ai;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import dev.skills.core.SkillResourceException;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The skill tools of one registry. Their definitions, with the {@code enum} of current skill
 * names, are built once per snapshot generation and reused by every request until the next
 * reload.
 */
public final class SkillsTools {

	/** The name of the activation tool. */
	public static final String ACTIVATE_SKILL = "activate_skill";

	/** The name of the file-reading tool. */
	public static final String READ_SKILL_RESOURCE = "read_skill_resource";

	/** The name of the search tool, offered when the catalog lists only some skills. */
	public static final String SEARCH_SKILLS = SearchSkillsTool.NAME;

	private static final String ACTIVATE_DESCRIPTION = "Load the full instructions of a skill listed in "
			+ "<available_skills>. Call it as soon as a task matches a skill's description, before doing the task.";

	private static final String READ_DESCRIPTION = "Read a file bundled with a skill (a reference, script or asset "
			+ "listed in its <skill_resources>) by its path relative to the skill folder. Returns the text; nothing "
			+ "is executed.";

	private final SkillsRegistry registry;

	private final ActiveSkillsRepository activeSkills;

	private final SkillToolInvoker invoker;

	private final Clock clock;

	private final AtomicReference<ToolSet> current = new AtomicReference<>();

	private final AtomicReference<ToolSet> currentPartial = new AtomicReference<>();

	// Session mode: a read tool scoped to one skill, per skill, for the current generation.
	private final Map<String, Optional<ToolCallback>> scopedReads = new ConcurrentHashMap<>();

	private volatile long scopedGeneration = -1;

	/**
	 * Create the tools.
	 * @param registry the skills
	 * @param activeSkills where activations are recorded
	 * @param listeners hooks around every call, in order
	 * @param observations where calls are observed ({@link ObservationRegistry#NOOP} for none)
	 * @param clock the clock for activation times
	 */
	public SkillsTools(SkillsRegistry registry, ActiveSkillsRepository activeSkills,
			List<SkillInvocationListener> listeners, ObservationRegistry observations, Clock clock) {
		this.registry = registry;
		this.activeSkills = activeSkills;
		this.invoker = new SkillToolInvoker(listeners, observations, registry::contains);
		this.clock = clock;
	}

	/**
	 * The tools for a snapshot: none without skills; {@code read_skill_resource} only when a skill
	 * bundles files.
	 * @param snapshot the snapshot the request sees
	 * @return the tools, built once per generation
	 */
	public ToolSet toolSet(SkillsSnapshot snapshot) {
		return toolSet(snapshot, null);
	}

	/**
	 * The tools for a snapshot whose catalog may list only some skills. Then {@code skill_name}
	 * takes any name (no {@code enum} of every skill), and {@code activate_skill} answers an
	 * unknown name with the closest ones.
	 * @param snapshot the snapshot the request sees
	 * @param partialCatalog the catalog when it left skills out, else {@code null}
	 * @return the tools, built once per generation
	 */
	public ToolSet toolSet(SkillsSnapshot snapshot, @Nullable SkillCatalog partialCatalog) {
		AtomicReference<ToolSet> cache = (partialCatalog != null) ? this.currentPartial : this.current;
		ToolSet tools = cache.get();
		if (tools == null || tools.generation() != snapshot.generation()) {
			tools = build(snapshot, partialCatalog);
			cache.set(tools);
		}
		return tools;
	}

	/**
	 * A {@code read_skill_resource} that reads only one skill's files (session mode).
	 * @param snapshot the snapshot the request sees
	 * @param skill the skill
	 * @return the tool, or {@code null} when the skill bundles no files
	 */
	public @Nullable ToolCallback readScopedTo(SkillsSnapshot snapshot, String skill) {
		if (this.scopedGeneration != snapshot.generation()) {
			this.scopedReads.clear();
			this.scopedGeneration = snapshot.generation();
		}
		return this.scopedReads
			.computeIfAbsent(skill, (name) -> bundlesFiles(name) ? Optional.of(new ReadSkillResourceTool(
					readDefinition(List.of(name)), this.registry, this.invoker, name)) : Optional.empty())
			.orElse(null);
	}

	private ToolSet build(SkillsSnapshot snapshot, @Nullable SkillCatalog partialCatalog) {
		List<String> names = snapshot.names();
		if (names.isEmpty()) {
			return new ToolSet(snapshot.generation(), null, null);
		}
		List<String> choices = (partialCatalog != null) ? null : names;
		ToolCallback activate = new ActivateSkillTool(activateDefinition(choices), this.registry, this.activeSkills,
				this.invoker, this.clock, (partialCatalog != null)
						? (name) -> partialCatalog.closestNames(this.registry.snapshot(), name) : null);
		boolean anyFiles = names.stream().anyMatch(this::bundlesFiles);
		ToolCallback read = anyFiles
				? new ReadSkillResourceTool(readDefinition(choices), this.registry, this.invoker, null) : null;
		return new ToolSet(snapshot.generation(), activate, read);
	}

	// The registry answers from its current snapshot, which may be newer than the one the request
	// holds: a skill removed meanwhile bundles nothing, rather than failing the request.
	private boolean bundlesFiles(String name) {
		try {
			return !this.registry.files(name).isEmpty();
		}
		catch (SkillResourceException ex) {
			return false;
		}
	}

	private static ToolDefinition activateDefinition(@Nullable List<String> names) {
		ObjectNode schema = objectSchema();
		ObjectNode properties = schema.putObject("properties");
		nameProperty(properties, names, "The name of the skill to activate.");
		schema.putArray("required").add("skill_name");
		return ToolDefinition.builder()
			.name(ACTIVATE_SKILL)
			.description(ACTIVATE_DESCRIPTION)
			.inputSchema(ToolArguments.JSON.writeValueAsString(schema))
			.build();
	}

	private static ToolDefinition readDefinition(@Nullable List<String> names) {
		ObjectNode schema = objectSchema();
		ObjectNode properties = schema.putObject("properties");
		nameProperty(properties, names, "The skill that bundles the file.");
		properties.putObject("path")
			.put("type", "string")
			.put("description", "The file's path relative to the skill folder, for example references/GUIDE.md.");
		schema.putArray("required").add("skill_name").add("path");
		return ToolDefinition.builder()
			.name(READ_SKILL_RESOURCE)
			.description(READ_DESCRIPTION)
			.inputSchema(ToolArguments.JSON.writeValueAsString(schema))
			.build();
	}

	static ObjectNode objectSchema() {
		ObjectNode schema = ToolArguments.JSON.createObjectNode();
		schema.put("type", "object");
		schema.put("additionalProperties", false);
		return schema;
	}

	// No names: any string (a catalog that lists only some of thousands of skills).
	private static void nameProperty(ObjectNode properties, @Nullable List<String> names, String description) {
		ObjectNode name = properties.putObject("skill_name");
		name.put("type", "string");
		name.put("description", description);
		if (names != null) {
			ArrayNode values = name.putArray("enum");
			names.forEach(values::add);
		}
	}

	/**
	 * The skill tools of one snapshot generation.
	 *
	 * @param generation the generation they were built for
	 * @param activate {@code activate_skill}, or {@code null} without skills
	 * @param read {@code read_skill_resource}, or {@code null} when no skill bundles files
	 */
	public record ToolSet(long generation, @Nullable ToolCallback activate, @Nullable ToolCallback read) {

		/**
		 * The tools that exist.
		 * @return zero, one or two tools
		 */
		public List<ToolCallback> all() {
			List<ToolCallback> tools = new ArrayList<>(2);
			if (this.activate != null) {
				tools.add(this.activate);
			}
			if (this.read != null) {
				tools.add(this.read);
			}
			return tools;
		}

	}

}
