package dev.skills.spring.ai;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.core.tools.ToolRules;
import dev.skills.spring.ai.catalog.CatalogSelection;
import dev.skills.spring.ai.catalog.SkillCatalog;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * Offers skills to the model on every {@code ChatClient} request, call or stream.
 * <ul>
 * <li><b>On-demand mode</b>: appends the {@code <available_skills>} catalog to the system message
 * and adds {@code activate_skill} (and {@code read_skill_resource} when a skill bundles files).
 * The {@link SkillCatalog} keeps the catalog within its token budget; when it lists only some
 * skills, {@code search_skills} is added too.</li>
 * <li><b>Session mode</b>: reads the skill name from the request context key
 * {@code preloadFrom} and injects that skill's instructions; no catalog, no
 * {@code activate_skill}.</li>
 * <li><b>Keeping skills in context</b>: every activation is recorded per conversation; when an
 * active skill's {@code <skill_content>} is no longer in the prompt (chat memory trimmed it), it
 * is injected again as a system message, once.</li>
 * <li><b>Tool scoping</b>: the request's other tools are narrowed by the active skills'
 * {@code allowed-tools} and {@code disallowed-tools}.</li>
 * </ul>
 * It runs after the chat memory advisor (so it sees the conversation) and before the tool-calling
 * loop (so the loop can run the skill tools). The conversation id is the one chat memory uses,
 * {@link ChatMemory#CONVERSATION_ID}; requests without one share the conversation
 * {@value #DEFAULT_CONVERSATION_ID}.
 */
public final class SkillsAdvisor implements BaseAdvisor {

	/** After chat memory (+200), before the tool-calling loop (+300). */
	public static final int DEFAULT_ORDER = Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER + 50;

	/** The conversation of requests that name none. */
	public static final String DEFAULT_CONVERSATION_ID = "default";

	private static final Log logger = LogFactory.getLog(SkillsAdvisor.class);

	private static final Pattern CONTENT_TAG = Pattern.compile("<skill_content name=\"([^\"]*)\">");

	private final SkillsRegistry registry;

	private final SkillsTools tools;

	private final ActiveSkillsRepository activeSkills;

	private final SkillConfig.Mode mode;

	private final @Nullable String preloadFrom;

	private final List<String> preload;

	private final int order;

	private final SkillCatalog catalog;

	private final ToolCallback searchSkills;

	private SkillsAdvisor(Builder builder) {
		this.registry = builder.registry;
		this.activeSkills = builder.activeSkills;
		this.tools = (builder.tools != null) ? builder.tools : new SkillsTools(builder.registry, builder.activeSkills,
				builder.listeners, builder.observationRegistry, builder.clock);
		this.mode = builder.mode;
		this.preloadFrom = builder.preloadFrom;
		this.preload = List.copyOf(builder.preload);
		this.order = builder.order;
		this.catalog = (builder.catalog != null) ? builder.catalog : SkillCatalog.builder(builder.registry).build();
		this.searchSkills = new SearchSkillsTool(this.catalog, builder.registry);
		if (this.mode == SkillConfig.Mode.SESSION && (this.preloadFrom == null || this.preloadFrom.isBlank())) {
			throw new IllegalArgumentException("Session mode needs preloadFrom: the request context key naming the skill");
		}
	}

	/**
	 * Start building an advisor; mode and {@code preloadFrom} default to the registry's
	 * configuration.
	 * @param registry the skills
	 * @return a builder
	 */
	public static Builder builder(SkillsRegistry registry) {
		return new Builder(registry);
	}

	@Override
	public String getName() {
		return "SkillsAdvisor";
	}

	@Override
	public int getOrder() {
		return this.order;
	}

	/**
	 * The active-skill store this advisor records to.
	 * @return the repository
	 */
	public ActiveSkillsRepository getActiveSkillsRepository() {
		return this.activeSkills;
	}

	/**
	 * The skills active in a conversation (10xGraph's {@code get_active_skills}).
	 * @param conversationId the conversation
	 * @return the active skills, oldest activation first
	 */
	public List<ActiveSkill> getActiveSkills(String conversationId) {
		return this.activeSkills.findByConversationId(conversationId);
	}

	@Override
	public ChatClientRequest before(ChatClientRequest request, AdvisorChain chain) {
		SkillsSnapshot snapshot = this.registry.snapshot();
		String conversationId = conversationId(request.context());
		List<Message> messages = request.prompt().getInstructions();
		Set<String> present = ConcurrentHashMap.newKeySet();
		present.addAll(skillsInConversation(messages));
		Turn turn = new Turn(snapshot, present);
		if (this.mode == SkillConfig.Mode.SESSION) {
			sessionSkill(turn, request.context().get(this.preloadFrom));
		}
		else {
			onDemand(turn, conversationId, latestUserText(messages));
		}
		preloaded(turn);
		return request.mutate()
			.prompt(Prompt.builder()
				.messages(messages(messages, turn))
				.chatOptions(options(request.prompt().getOptions(), turn, conversationId))
				.build())
			.build();
	}

	@Override
	public ChatClientResponse after(ChatClientResponse response, AdvisorChain chain) {
		return response;
	}

	private void onDemand(Turn turn, String conversationId, @Nullable String userText) {
		if (turn.snapshot.size() == 0) {
			return;
		}
		List<ActiveSkill> activeSkills = this.activeSkills.findByConversationId(conversationId);
		CatalogSelection catalog = this.catalog.select(turn.snapshot,
				activeSkills.stream().map(ActiveSkill::name).toList(), userText);
		turn.system.add(catalog.text());
		turn.tools.addAll(this.tools.toolSet(turn.snapshot, catalog.partial() ? this.catalog : null).all());
		if (catalog.partial()) {
			turn.tools.add(this.searchSkills);
		}
		for (ActiveSkill active : activeSkills) {
			SkillMeta meta = turn.snapshot.get(active.name()).orElse(null);
			if (meta == null) {
				continue;
			}
			turn.active.put(meta.name(), meta);
			if (!turn.present.contains(meta.name())) {
				// Chat memory trimmed the content out: put it back, once.
				load(meta.name()).ifPresent((skill) -> {
					turn.injected.add(new SystemMessage(SkillPrompts.skillContent(skill)));
					turn.present.add(skill.name());
				});
			}
		}
	}

	private static @Nullable String latestUserText(List<Message> messages) {
		for (int i = messages.size() - 1; i >= 0; i--) {
			if (messages.get(i).getMessageType() == MessageType.USER) {
				return messages.get(i).getText();
			}
		}
		return null;
	}

	private void sessionSkill(Turn turn, @Nullable Object requested) {
		String name = (requested != null) ? requested.toString() : null;
		if (name == null || !turn.snapshot.contains(name)) {
			logger.warn((name == null)
					? "Session mode: the request context has no '" + this.preloadFrom + "'; no skill is used"
					: "Session mode: unknown skill '" + name + "' in '" + this.preloadFrom + "'; no skill is used");
			return;
		}
		Skill skill = load(name).orElse(null);
		if (skill == null) {
			return;
		}
		turn.active.put(name, skill.meta());
		if (!turn.present.contains(name)) {
			turn.injected.add(new SystemMessage(SkillPrompts.skillContent(skill)));
			turn.present.add(name);
		}
		ToolCallback read = this.tools.readScopedTo(turn.snapshot, name);
		if (read != null) {
			turn.tools.add(read);
		}
	}

	private void preloaded(Turn turn) {
		List<Skill> skills = new ArrayList<>();
		for (String name : this.preload) {
			load(name).ifPresentOrElse(skills::add,
					() -> logger.warn("Preloaded skill '" + name + "' does not exist; it is left out"));
		}
		if (!skills.isEmpty()) {
			turn.system.add(SkillPrompts.instructions(skills));
			skills.forEach((skill) -> turn.active.put(skill.name(), skill.meta()));
		}
	}

	private Optional<Skill> load(String name) {
		try {
			return Optional.of(this.registry.load(name));
		}
		catch (SkillResourceException ex) {
			logger.warn("Skill '" + name + "' cannot be loaded: " + ex.getMessage());
			return Optional.empty();
		}
	}

	private List<Message> messages(List<Message> original, Turn turn) {
		if (turn.system.isEmpty() && turn.injected.isEmpty()) {
			return original;
		}
		List<Message> messages = new ArrayList<>(original);
		int systemIndex = -1;
		for (int i = 0; i < messages.size(); i++) {
			if (messages.get(i) instanceof SystemMessage) {
				systemIndex = i;
				break;
			}
		}
		if (!turn.system.isEmpty()) {
			// The catalog can be large: String.join copies it once, straight into the result.
			String existing = (systemIndex >= 0) ? messages.get(systemIndex).getText() : null;
			List<String> parts = new ArrayList<>();
			if (existing != null && !existing.isBlank()) {
				parts.add(existing);
			}
			parts.addAll(turn.system);
			String text = String.join("\n\n", parts);
			if (systemIndex >= 0) {
				messages.set(systemIndex, ((SystemMessage) messages.get(systemIndex)).mutate().text(text).build());
			}
			else {
				messages.add(0, new SystemMessage(text));
				systemIndex = 0;
			}
		}
		messages.addAll(systemIndex + 1, turn.injected);
		return messages;
	}

	private @Nullable ChatOptions options(@Nullable ChatOptions options, Turn turn, String conversationId) {
		if (!(options instanceof ToolCallingChatOptions toolOptions)) {
			if (!turn.tools.isEmpty()) {
				logger.debug("The chat model's options do not support tools; skills are offered without tools");
			}
			return options;
		}
		List<ToolCallback> callbacks = new ArrayList<>(turn.tools);
		Collection<SkillMeta> active = turn.active.values();
		List<ToolCallback> requested = toolOptions.getToolCallbacks();
		for (ToolCallback tool : (requested != null) ? requested : List.<ToolCallback>of()) {
			String name = tool.getToolDefinition().name();
			if (ToolScope.isSkillTool(name)) {
				continue;
			}
			ToolCallback plain = (tool instanceof ScopedToolCallback scoped) ? scoped.delegate() : tool;
			if (ToolRules.allows(active, name)) {
				callbacks.add(new ScopedToolCallback(plain, (context) -> activeAtCall(context, turn)));
			}
		}
		Map<String, Object> context = new HashMap<>();
		if (toolOptions.getToolContext() != null) {
			context.putAll(toolOptions.getToolContext());
		}
		context.put(SkillsToolContext.CONVERSATION_ID, conversationId);
		context.put(SkillsToolContext.PRESENT_SKILLS, turn.present);
		return toolOptions.mutate().toolCallbacks(callbacks).toolContext(context).build();
	}

	// The skills active when a tool is called: those of the request, plus any activated since.
	private Collection<SkillMeta> activeAtCall(@Nullable ToolContext context, Turn turn) {
		String conversationId = (context != null) ? SkillsToolContext.conversationId(context.getContext()) : null;
		if (conversationId == null) {
			return turn.active.values();
		}
		Map<String, SkillMeta> active = new LinkedHashMap<>(turn.active);
		SkillsSnapshot snapshot = this.registry.snapshot();
		for (ActiveSkill skill : this.activeSkills.findByConversationId(conversationId)) {
			snapshot.get(skill.name()).ifPresent((meta) -> active.putIfAbsent(meta.name(), meta));
		}
		return active.values();
	}

	private static String conversationId(Map<String, Object> context) {
		Object id = context.get(ChatMemory.CONVERSATION_ID);
		return (id != null && !id.toString().isBlank()) ? id.toString() : DEFAULT_CONVERSATION_ID;
	}

	/**
	 * The skills whose {@code <skill_content>} appears anywhere in the messages: system, user,
	 * assistant or tool results.
	 * @param messages the conversation
	 * @return the skill names
	 */
	static Set<String> skillsInConversation(List<Message> messages) {
		Set<String> names = new LinkedHashSet<>();
		for (Message message : messages) {
			if (message instanceof ToolResponseMessage tools) {
				tools.getResponses().forEach((response) -> collectNames(response.responseData(), names));
			}
			collectNames(message.getText(), names);
		}
		return names;
	}

	private static void collectNames(@Nullable String text, Set<String> names) {
		if (text == null || text.indexOf("<skill_content") < 0) {
			return;
		}
		Matcher matcher = CONTENT_TAG.matcher(text);
		while (matcher.find()) {
			names.add(unescape(matcher.group(1)));
		}
	}

	private static String unescape(String text) {
		return text.replace("&quot;", "\"")
			.replace("&apos;", "'")
			.replace("&lt;", "<")
			.replace("&gt;", ">")
			.replace("&amp;", "&");
	}

	/**
	 * What one request gets.
	 */
	private static final class Turn {

		final SkillsSnapshot snapshot;

		final Set<String> present;

		final List<String> system = new ArrayList<>();

		final List<Message> injected = new ArrayList<>();

		final List<ToolCallback> tools = new ArrayList<>();

		final Map<String, SkillMeta> active = new LinkedHashMap<>();

		Turn(SkillsSnapshot snapshot, Set<String> present) {
			this.snapshot = snapshot;
			this.present = present;
		}

	}

	/**
	 * Builds a {@link SkillsAdvisor}.
	 */
	public static final class Builder {

		private final SkillsRegistry registry;

		private ActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

		private @Nullable SkillsTools tools;

		private @Nullable SkillCatalog catalog;

		private List<SkillInvocationListener> listeners = List.of();

		private ObservationRegistry observationRegistry = ObservationRegistry.NOOP;

		private Clock clock = Clock.systemUTC();

		private SkillConfig.Mode mode;

		private @Nullable String preloadFrom;

		private List<String> preload = List.of();

		private int order = DEFAULT_ORDER;

		private Builder(SkillsRegistry registry) {
			this.registry = registry;
			this.mode = registry.config().mode();
			this.preloadFrom = registry.config().preloadFrom();
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
		 * Use these tools (shared with a {@link SkillsToolCallbackProvider}); when set, the
		 * listeners, observation registry and clock of this builder are not used.
		 * @param tools the tools
		 * @return this builder
		 */
		public Builder tools(SkillsTools tools) {
			this.tools = tools;
			return this;
		}

		/**
		 * The catalog within its token budget (default: {@link SkillCatalog} defaults, 4,000
		 * tokens).
		 * @param catalog the catalog
		 * @return this builder
		 */
		public Builder catalog(SkillCatalog catalog) {
			this.catalog = catalog;
			return this;
		}

		/**
		 * Hooks around every skill tool call.
		 * @param listeners the listeners, in order
		 * @return this builder
		 */
		public Builder listeners(List<SkillInvocationListener> listeners) {
			this.listeners = List.copyOf(listeners);
			return this;
		}

		/**
		 * Observe skill tool calls.
		 * @param observationRegistry the registry
		 * @return this builder
		 */
		public Builder observationRegistry(ObservationRegistry observationRegistry) {
			this.observationRegistry = observationRegistry;
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
		 * How skills reach the model.
		 * @param mode on-demand or session
		 * @return this builder
		 */
		public Builder mode(SkillConfig.Mode mode) {
			this.mode = mode;
			return this;
		}

		/**
		 * In session mode, the request context key whose value names the skill.
		 * @param preloadFrom the key
		 * @return this builder
		 */
		public Builder preloadFrom(@Nullable String preloadFrom) {
			this.preloadFrom = preloadFrom;
			return this;
		}

		/**
		 * Skills always given to the model, as an instructions block in the system message.
		 * @param names the skill names
		 * @return this builder
		 */
		public Builder preload(List<String> names) {
			this.preload = List.copyOf(names);
			return this;
		}

		/**
		 * The advisor order (default {@link #DEFAULT_ORDER}). Keep it after chat memory and
		 * before the tool-calling advisor.
		 * @param order the order
		 * @return this builder
		 */
		public Builder order(int order) {
			this.order = order;
			return this;
		}

		/**
		 * Build the advisor.
		 * @return the advisor
		 * @throws IllegalArgumentException in session mode without {@code preloadFrom}
		 */
		public SkillsAdvisor build() {
			return new SkillsAdvisor(this);
		}

	}

}
