package dev.skills.spring.ai.advisor;

import java.util.List;
import java.util.Map;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.set.SkillSetResolver;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.spring.ai.tool.scope.ToolScoping;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * Puts skills into every {@code ChatClient} request, call or stream, all read from one
 * registry snapshot that the request's tool loop keeps to the end.
 * <ul>
 * <li><b>On-demand mode</b>: the {@code <available_skills>} catalog in the system
 * message, within its token budget, and {@code activate_skill} (with
 * {@code read_skill_resource} when a skill bundles files, and {@code search_skills} when
 * the catalog lists only some skills).</li>
 * <li><b>Session mode</b>: the skill named by the request context key
 * {@code preloadFrom}, its instructions injected; no catalog, no
 * {@code activate_skill}.</li>
 * <li><b>Keeping skills in context</b>: an active skill whose instructions are no longer
 * in the prompt (chat memory trimmed them) is injected again, once.</li>
 * <li><b>Tool scoping</b>: the request's other tools narrowed by the active skills'
 * {@code allowed-tools} and {@code disallowed-tools}.</li>
 * <li><b>Skill sets</b>: all of the above within the set the request names under
 * {@value #SKILL_SET} (or its {@link SkillSetResolver} names); see
 * {@link SkillSets}.</li>
 * </ul>
 * It runs after the chat memory advisor (so it sees the conversation) and before the
 * tool-calling loop (so the loop can run the skill tools). The conversation id is the one
 * chat memory uses, {@link ChatMemory#CONVERSATION_ID}; requests without one share the
 * conversation {@value #DEFAULT_CONVERSATION_ID}.
 */
public final class SkillsAdvisor implements BaseAdvisor, AutoCloseable {

	/** After chat memory (+200), before the tool-calling loop (+300). */
	public static final int DEFAULT_ORDER = Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER + 50;

	/** The advisor context key naming the request's skill set. */
	public static final String SKILL_SET = "skills.set";

	/** The conversation of requests that name none. */
	public static final String DEFAULT_CONVERSATION_ID = "default";

	private final SkillsTools tools;

	private final @Nullable SkillSetResolver resolver;

	private final int order;

	private final @Nullable SessionPinning session;

	private final CatalogOffer catalog;

	private final SkillReinjection reinjection;

	private final PreloadedSkills preloaded;

	private final ToolScoping scoping;

	// The catalog this advisor built for itself, which close() releases.
	private final @Nullable SkillCatalog ownCatalog;

	// Each step gets what it needs, no more.
	private SkillsAdvisor(Builder builder) {
		SkillsTools tools = builder.tools;
		this.tools = tools;
		this.resolver = builder.resolver;
		this.order = builder.order;
		builder.mode.checkPreloadFrom(builder.preloadFrom);
		this.session = (builder.mode == SkillConfig.Mode.SESSION) ? new SessionPinning(tools, builder.preloadFrom)
				: null;
		this.ownCatalog = (builder.catalog != null) ? null : SkillCatalog.builder(tools.registry()).build();
		SkillCatalog catalog = (builder.catalog != null) ? builder.catalog : this.ownCatalog;
		this.catalog = new CatalogOffer(tools, catalog, tools.offer(), tools.searchTool(catalog));
		this.reinjection = new SkillReinjection(tools.activeSkillsRepository());
		this.preloaded = new PreloadedSkills(tools.offer().preloaded());
		this.scoping = new ToolScoping(tools.activeSkillsRepository(), this.session == null);
	}

	/**
	 * Start building an advisor whose tools use the defaults of
	 * {@link SkillsTools#builder}.
	 * @param registry the skills
	 * @return a builder
	 */
	public static Builder builder(SkillsRegistry registry) {
		return builder(SkillsTools.builder(registry).build());
	}

	/**
	 * Start building an advisor around these tools (shared with a
	 * {@link SkillsToolCallbackProvider}), in the mode of the registry's configuration
	 * unless told otherwise.
	 * @param tools the skill tools, with their registry and active-skill store
	 * @return a builder
	 */
	public static Builder builder(SkillsTools tools) {
		return new Builder(tools);
	}

	@Override
	public String getName() {
		return "SkillsAdvisor";
	}

	@Override
	public int getOrder() {
		return this.order;
	}

	@Override
	public ChatClientRequest before(ChatClientRequest request, AdvisorChain chain) {
		Object named = request.context().get(SKILL_SET);
		String set = (named != null) ? named.toString()
				: (this.resolver != null) ? this.resolver.resolve(request) : null;
		SkillsSnapshot snapshot = this.tools.snapshot(set);
		List<Message> messages = request.prompt().getInstructions();
		RequestSkills skills = new RequestSkills(snapshot, set, conversationId(request.context()),
				SkillPresence.in(messages));
		if (this.session != null) {
			this.session.apply(skills, request.context());
		}
		else {
			this.reinjection.apply(skills);
			this.catalog.apply(skills, messages);
		}
		this.preloaded.apply(skills);
		return request.mutate()
			.prompt(Prompt.builder()
				.messages(skills.messages(messages))
				.chatOptions(this.scoping.apply(request.prompt().getOptions(), skills))
				.build())
			.build();
	}

	@Override
	public ChatClientResponse after(ChatClientResponse response, AdvisorChain chain) {
		return response;
	}

	/**
	 * Release the catalog this advisor built (its keyword index is fed by a listener of
	 * the registry); a catalog given to the builder belongs to the caller. An advisor
	 * built per call must be closed; better, build one and reuse it.
	 */
	@Override
	public void close() {
		if (this.ownCatalog != null) {
			this.ownCatalog.close();
		}
	}

	private static String conversationId(Map<String, Object> context) {
		Object id = context.get(ChatMemory.CONVERSATION_ID);
		return (id != null && !id.toString().isBlank()) ? id.toString() : DEFAULT_CONVERSATION_ID;
	}

	/**
	 * Builds a {@link SkillsAdvisor}.
	 */
	public static final class Builder {

		private final SkillsTools tools;

		private SkillConfig.Mode mode;

		private @Nullable String preloadFrom;

		private int order = DEFAULT_ORDER;

		private @Nullable SkillCatalog catalog;

		private @Nullable SkillSetResolver resolver;

		private Builder(SkillsTools tools) {
			this.tools = tools;
			this.mode = tools.registry().config().mode();
			this.preloadFrom = tools.registry().config().preloadFrom();
		}

		/**
		 * How skills reach the model (default: the registry configuration's
		 * {@link SkillConfig#mode()}).
		 * @param mode on-demand or session
		 * @return this builder
		 */
		public Builder mode(SkillConfig.Mode mode) {
			this.mode = mode;
			return this;
		}

		/**
		 * In session mode, the request context key whose value names the skill (default:
		 * the registry configuration's {@link SkillConfig#preloadFrom()}).
		 * @param preloadFrom the key
		 * @return this builder
		 */
		public Builder preloadFrom(@Nullable String preloadFrom) {
			this.preloadFrom = preloadFrom;
			return this;
		}

		/**
		 * The advisor order (default {@link #DEFAULT_ORDER}). Keep it after chat memory
		 * and before the tool-calling advisor.
		 * @param order the order
		 * @return this builder
		 */
		public Builder order(int order) {
			this.order = order;
			return this;
		}

		/**
		 * The catalog within its token budget (default: {@link SkillCatalog} defaults,
		 * 4,000 tokens).
		 * @param catalog the catalog
		 * @return this builder
		 */
		public Builder catalog(SkillCatalog catalog) {
			this.catalog = catalog;
			return this;
		}

		/**
		 * What names the set of a request that names none under {@link #SKILL_SET}.
		 * @param resolver the resolver, or {@code null} for the default set
		 * @return this builder
		 */
		public Builder skillSetResolver(@Nullable SkillSetResolver resolver) {
			this.resolver = resolver;
			return this;
		}

		/**
		 * Build the advisor.
		 * @return the advisor
		 * @throws InvalidSkillSettingException in session mode without
		 * {@code preloadFrom}
		 */
		public SkillsAdvisor build() {
			return new SkillsAdvisor(this);
		}

	}

}
