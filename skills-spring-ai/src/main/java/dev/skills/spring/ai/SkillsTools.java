package dev.skills.spring.ai;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import dev.skills.core.SkillMeta;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.observation.DefaultSkillObservationConvention;
import dev.skills.spring.ai.observation.DefaultSkillSearchObservationConvention;
import dev.skills.spring.ai.observation.SkillObservationConvention;
import dev.skills.spring.ai.observation.SkillSearchObservationConvention;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * The skill tools of one registry. Their definitions, with the {@code enum} of current
 * skill names, are built once per snapshot generation and reused by every request until
 * the next reload.
 */
public final class SkillsTools {

	/** The name of the activation tool. */
	public static final String ACTIVATE_SKILL = "activate_skill";

	/** The name of the file-reading tool. */
	public static final String READ_SKILL_RESOURCE = "read_skill_resource";

	/** The name of the search tool, offered when the catalog lists only some skills. */
	public static final String SEARCH_SKILLS = SearchSkillsTool.NAME;

	private final SkillsRegistry registry;

	private final ActiveSkillsRepository activeSkills;

	private final SkillToolInvoker invoker;

	private final Clock clock;

	private final SkillOffer offer;

	private final @Nullable SkillSearchObservationConvention searchConvention;

	private final Consumer<String> pinRecorder;

	private final AtomicReference<ToolSet> current = new AtomicReference<>();

	private final AtomicReference<ToolSet> currentPartial = new AtomicReference<>();

	// Session mode: a read tool scoped to one skill, per skill, for the current
	// generation.
	private final Map<String, Optional<ToolCallback>> scopedReads = new ConcurrentHashMap<>();

	private volatile long scopedGeneration = -1;

	private SkillsTools(Builder builder) {
		this.registry = builder.registry;
		this.activeSkills = builder.activeSkills;
		this.invoker = new SkillToolInvoker(builder.listeners, builder.observations, builder.convention,
				this.registry::contains);
		this.searchConvention = builder.searchConvention;
		this.pinRecorder = builder.pinRecorder;
		this.clock = builder.clock;
		this.offer = new SkillOffer(builder.preload, builder.listBuiltins);
	}

	/**
	 * Start building the tools of a registry.
	 * @param registry the skills
	 * @return a builder
	 */
	public static Builder builder(SkillsRegistry registry) {
		return new Builder(registry);
	}

	SkillsRegistry registry() {
		return this.registry;
	}

	ActiveSkillsRepository activeSkills() {
		return this.activeSkills;
	}

	SkillOffer offer() {
		return this.offer;
	}

	ObservationRegistry observations() {
		return this.invoker.observations();
	}

	@Nullable SkillSearchObservationConvention searchConvention() {
		return this.searchConvention;
	}

	/**
	 * Record a session-mode pin as the conversation's activation of the skill: in the
	 * repository, as a {@code skills.activation} observation (so the meters count it) and
	 * for the pin recorder. A pin is not a tool call: the listeners do not hear of it, so
	 * none can change the skill the application chose.
	 * @param skill the pinned skill
	 * @param conversationId the conversation
	 */
	void recordPin(String skill, String conversationId) {
		this.invoker.observeOnly(new SkillInvocation(ACTIVATE_SKILL, skill, null, conversationId),
				SkillsObservationDocumentation.SKILL_ACTIVATION, () -> {
					this.activeSkills.activate(conversationId, new ActiveSkill(skill, this.clock.instant()));
					this.pinRecorder.accept(skill);
				});
	}

	/**
	 * The tools for a snapshot: none without skills; {@code read_skill_resource} only
	 * when a skill bundles files.
	 * @param snapshot the snapshot the request sees
	 * @return the tools, built once per generation
	 */
	public ToolSet toolSet(SkillsSnapshot snapshot) {
		return toolSet(snapshot, null);
	}

	/**
	 * The tools for a snapshot whose catalog may list only some skills. Then
	 * {@code skill_name} takes any name (no {@code enum} of every skill), and
	 * {@code activate_skill} answers an unknown name with the closest ones.
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
			.computeIfAbsent(skill,
					(name) -> bundlesFiles(snapshot, name)
							? Optional.of(new ReadSkillResourceTool(SkillToolDefinitions.read(List.of(name)),
									this.registry, this.invoker, name))
							: Optional.empty())
			.orElse(null);
	}

	private ToolSet build(SkillsSnapshot snapshot, @Nullable SkillCatalog partialCatalog) {
		List<String> listed = this.offer.listed(snapshot).stream().map(SkillMeta::name).sorted().toList();
		// The read tool's enum names only the skills that bundle files: any other is no
		// choice.
		List<String> withFiles = this.offer.readable(snapshot)
			.stream()
			.filter((name) -> bundlesFiles(snapshot, name))
			.toList();
		boolean partial = partialCatalog != null;
		ToolCallback activate = listed.isEmpty() ? null
				: new ActivateSkillTool(SkillToolDefinitions.activate(partial ? null : listed), this.registry,
						this.activeSkills, this.invoker, this.clock, partialCatalog, this.offer);
		ToolCallback read = withFiles.isEmpty() ? null : new ReadSkillResourceTool(
				SkillToolDefinitions.read(partial ? null : withFiles), this.registry, this.invoker, null);
		return new ToolSet(snapshot.generation(), activate, read);
	}

	private boolean bundlesFiles(SkillsSnapshot snapshot, String name) {
		return !snapshot.files(name).isEmpty();
	}

	/**
	 * Builds {@link SkillsTools}.
	 */
	public static final class Builder {

		private final SkillsRegistry registry;

		private ActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

		private List<SkillInvocationListener> listeners = List.of();

		private ObservationRegistry observations = ObservationRegistry.NOOP;

		private @Nullable SkillObservationConvention convention;

		private @Nullable SkillSearchObservationConvention searchConvention;

		private Clock clock = Clock.systemUTC();

		private List<String> preload = List.of();

		private boolean listBuiltins;

		private Consumer<String> pinRecorder = (skill) -> {
		};

		private Builder(SkillsRegistry registry) {
			this.registry = registry;
		}

		/**
		 * Where activations are recorded (default: in memory, 10,000 conversations).
		 * @param activeSkills the repository
		 * @return this builder
		 */
		public Builder activeSkillsRepository(ActiveSkillsRepository activeSkills) {
			this.activeSkills = activeSkills;
			return this;
		}

		/**
		 * Hooks around every skill tool call. A session-mode pin is not a tool call:
		 * listeners do not hear of it (see {@link #pinRecorder}).
		 * @param listeners the listeners, in order
		 * @return this builder
		 */
		public Builder listeners(List<SkillInvocationListener> listeners) {
			this.listeners = List.copyOf(listeners);
			return this;
		}

		/**
		 * What else counts a session-mode pin, besides the conversation's activation
		 * record and the {@code skills.activation} observation: the actuator's
		 * {@code SkillUsage}, say. It cannot change the pinned skill.
		 * @param pinRecorder receives the name of each pinned skill, once per call
		 * @return this builder
		 */
		public Builder pinRecorder(Consumer<String> pinRecorder) {
			this.pinRecorder = pinRecorder;
			return this;
		}

		/**
		 * Observe skill tool calls (default: not observed).
		 * @param observations the observation registry
		 * @return this builder
		 */
		public Builder observationRegistry(ObservationRegistry observations) {
			this.observations = observations;
			return this;
		}

		/**
		 * How activations and resource reads are named and tagged (default:
		 * {@link DefaultSkillObservationConvention}).
		 * @param convention the convention
		 * @return this builder
		 */
		public Builder observationConvention(SkillObservationConvention convention) {
			this.convention = convention;
			return this;
		}

		/**
		 * How {@code search_skills} calls are named and tagged (default:
		 * {@link DefaultSkillSearchObservationConvention}).
		 * @param convention the convention
		 * @return this builder
		 */
		public Builder searchObservationConvention(SkillSearchObservationConvention convention) {
			this.searchConvention = convention;
			return this;
		}

		/**
		 * The clock for activation times.
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(Clock clock) {
			this.clock = clock;
			return this;
		}

		/**
		 * The skills always given to the model in the system message: not offered again
		 * by {@code activate_skill}, their files still readable.
		 * @param names the preloaded skill names
		 * @return this builder
		 */
		public Builder preload(List<String> names) {
			this.preload = List.copyOf(names);
			return this;
		}

		/**
		 * Whether built-in skills (shipped in a jar marked as built in) are listed in the
		 * catalog and offered by {@code activate_skill} (default: no; they stay usable by
		 * name).
		 * @param listBuiltins whether to list them
		 * @return this builder
		 */
		public Builder listBuiltins(boolean listBuiltins) {
			this.listBuiltins = listBuiltins;
			return this;
		}

		/**
		 * Build the tools.
		 * @return the tools
		 */
		public SkillsTools build() {
			return new SkillsTools(this);
		}

	}

	/**
	 * The skill tools of one snapshot generation.
	 *
	 * @param generation the generation they were built for
	 * @param activate {@code activate_skill}, or {@code null} without skills
	 * @param read {@code read_skill_resource}, or {@code null} when no skill bundles
	 * files
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
