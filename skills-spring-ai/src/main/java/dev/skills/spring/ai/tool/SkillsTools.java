package dev.skills.spring.ai.tool;

import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.SkillOffer;
import dev.skills.spring.ai.observation.DefaultSkillObservationConvention;
import dev.skills.spring.ai.observation.DefaultSkillSearchObservationConvention;
import dev.skills.spring.ai.observation.SkillObservationConvention;
import dev.skills.spring.ai.observation.SkillSearchObservationConvention;
import dev.skills.spring.ai.set.SkillSets;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * The skill tools of one registry, with what they share: the active-skill store, the
 * listeners and observations of their calls, which skills they offer, the skill sets.
 * Their definitions are built once per snapshot (a set's view is one) and reused until
 * the next reload. Share one instance between the {@code SkillsAdvisor} and a
 * {@link SkillsToolCallbackProvider}; a call outside an advisor sees the default set.
 */
public final class SkillsTools {

	private final SkillsRegistry registry;

	private final SkillToolInvoker invoker;

	private final @Nullable SkillSearchObservationConvention searchConvention;

	private final Consumer<String> pinRecorder;

	private final ToolSets toolSets;

	private SkillsTools(Builder builder) {
		this.registry = builder.registry;
		this.invoker = new SkillToolInvoker(builder.listeners, builder.observations, builder.convention,
				this.registry::contains, builder.sets);
		this.searchConvention = builder.searchConvention;
		this.pinRecorder = builder.pinRecorder;
		this.toolSets = new ToolSets(this.registry, builder.sets, builder.activeSkills, this.invoker, builder.clock,
				new SkillOffer(builder.preload, builder.listBuiltins), builder.scriptRunner);
	}

	/**
	 * Start building the tools of a registry.
	 * @param registry the skills
	 * @return a builder
	 */
	public static Builder builder(SkillsRegistry registry) {
		return new Builder(registry);
	}

	/**
	 * The registry whose skills the tools offer.
	 * @return the registry
	 */
	public SkillsRegistry registry() {
		return this.registry;
	}

	/**
	 * The registry's current snapshot as a request of this set sees it.
	 * @param set the set's name, or {@code null} for the default set
	 * @return the view
	 */
	public SkillsSnapshot snapshot(@Nullable String set) {
		return this.toolSets.snapshot(set);
	}

	/**
	 * Where the tools record activations.
	 * @return the active-skill store
	 */
	public ActiveSkillsRepository activeSkillsRepository() {
		return this.toolSets.activeSkills();
	}

	/**
	 * Which skills the tools offer by name.
	 * @return the offer
	 */
	public SkillOffer offer() {
		return this.toolSets.offer();
	}

	/**
	 * A {@code search_skills} over a catalog that lists only some skills, observed.
	 * @param catalog the catalog whose retriever searches
	 * @return the tool
	 */
	public ToolCallback searchTool(SkillCatalog catalog) {
		return new SearchSkillsTool(catalog, () -> snapshot(null), offer(), this.invoker, this.searchConvention);
	}

	/**
	 * Record a session-mode pin as an activation: in the repository, as an observation
	 * and for the pin recorder; listeners do not hear of it (it is no tool call).
	 * @param skill the pinned skill
	 * @param conversationId the conversation
	 * @param set the skill set the request named, or {@code null}
	 */
	public void recordPin(String skill, String conversationId, @Nullable String set) {
		this.toolSets.recordPin(skill, conversationId, set, this.pinRecorder);
	}

	/**
	 * The tools for a snapshot: none without skills; {@code read_skill_resource} and
	 * {@code run_skill_script} only for skills with files or runnable scripts. When the
	 * catalog lists only some skills, {@code skill_name} has no {@code enum}, and an
	 * unknown name gets the closest ones.
	 * @param snapshot the snapshot the request sees
	 * @param partialCatalog the catalog when it left skills out, else {@code null}
	 * @return the tools, built once per generation
	 */
	public SkillToolSet toolSet(SkillsSnapshot snapshot, @Nullable SkillCatalog partialCatalog) {
		return this.toolSets.of(snapshot, partialCatalog);
	}

	/**
	 * The session-mode tools of one skill: its {@code read_skill_resource} and
	 * {@code run_skill_script}, each when it has files or runnable scripts.
	 * @param snapshot the snapshot the request sees
	 * @param skill the skill
	 * @return zero to two tools, built once per generation
	 */
	public List<ToolCallback> scopedTo(SkillsSnapshot snapshot, String skill) {
		return this.toolSets.scopedTo(snapshot, skill);
	}

	/**
	 * Builds {@link SkillsTools}.
	 */
	public static final class Builder {

		private final SkillsRegistry registry;

		private ActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

		private SkillSets sets = SkillSets.NONE;

		private List<SkillInvocationListener> listeners = List.of();

		private ObservationRegistry observations = ObservationRegistry.NOOP;

		private @Nullable SkillObservationConvention convention;

		private @Nullable SkillSearchObservationConvention searchConvention;

		private Clock clock = Clock.systemUTC();

		private List<String> preload = List.of();

		private boolean listBuiltins;

		private @Nullable SkillScriptRunner scriptRunner;

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
		 * What else counts a session-mode pin (the actuator's {@code SkillUsage}, say);
		 * it cannot change the pinned skill.
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
		 * Whether built-in skills are listed and offered by {@code activate_skill}
		 * (default: no; they stay usable by name).
		 * @param listBuiltins whether to list them
		 * @return this builder
		 */
		public Builder listBuiltins(boolean listBuiltins) {
			this.listBuiltins = listBuiltins;
			return this;
		}

		/**
		 * The skill sets requests may name (default: none).
		 * @param sets the sets
		 * @return this builder
		 */
		public Builder skillSets(SkillSets sets) {
			this.sets = sets;
			return this;
		}

		/**
		 * Offer {@code run_skill_script} for the skills a runner accepts (default: none).
		 * @param scriptRunner the runner, from {@code skills-scripts}
		 * @return this builder
		 */
		public Builder scriptRunner(SkillScriptRunner scriptRunner) {
			this.scriptRunner = scriptRunner;
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

}
