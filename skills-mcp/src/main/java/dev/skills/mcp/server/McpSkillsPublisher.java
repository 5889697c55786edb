package dev.skills.mcp.server;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import io.modelcontextprotocol.server.McpSyncServer;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * Serves a registry's skills on an MCP server and keeps them in step with its reloads:
 * every file of every served skill as a {@code skill://} resource (with {@code size} and
 * {@code digest} in {@code _meta}), {@code skill://index.json}, optionally one prompt per
 * skill, and the skill tools. Register it as a {@link SkillsListener} and call
 * {@link #start()} once; each reload then replaces what it changed, and the server sends
 * {@code notifications/resources/list_changed},
 * {@code notifications/prompts/list_changed} and, when a tool definition changed,
 * {@code notifications/tools/list_changed}.
 * <p>
 * Built-in skills are served only when the catalog lists them. A read that finds a file
 * changed since it was listed (a bundled file edited, which is no reload) lists it again
 * with its new digest. A {@linkplain Builder#view view} narrows what is served (to one
 * skill set, say): the resources, the index and the prompts of other skills are not
 * there, and asking for them answers as for skills that do not exist.
 */
public final class McpSkillsPublisher implements SkillsListener {

	private final McpSyncServer server;

	private final SkillsRegistry registry;

	private final UnaryOperator<SkillsSnapshot> view;

	private final @Nullable SkillToolsExport tools;

	private final @Nullable SkillPromptsExport prompts;

	private final @Nullable SkillResourcesExport resources;

	private final boolean listBuiltins;

	// The prompts on the server now.
	private final Map<String, SkillMeta> prompted = new HashMap<>();

	// The generation on the server now: a change start() already published is skipped.
	private long published = -1;

	private McpSkillsPublisher(Builder builder) {
		this.server = builder.server;
		this.registry = builder.registry;
		this.view = builder.view;
		this.tools = (builder.tools != null) ? new SkillToolsExport(builder.tools, builder.toolsExported) : null;
		this.prompts = builder.prompts ? new SkillPromptsExport(this::current) : null;
		this.listBuiltins = builder.listBuiltins;
		this.resources = builder.resources ? new SkillResourcesExport(builder.server, this::current, this::serves)
				: null;
	}

	/**
	 * Start building a publisher.
	 * @param server the MCP server to publish on
	 * @param registry the skills
	 * @return a builder
	 */
	public static Builder builder(McpSyncServer server, SkillsRegistry registry) {
		return new Builder(server, registry);
	}

	/**
	 * Publish the registry's current skills.
	 */
	public void start() {
		sync(null);
	}

	@Override
	public void onChange(SkillsChange change) {
		sync(change);
	}

	private synchronized void sync(@Nullable SkillsChange change) {
		SkillsSnapshot snapshot = this.view.apply((change != null) ? change.snapshot() : this.registry.snapshot());
		if (snapshot.generation() <= this.published) {
			return;
		}
		this.published = snapshot.generation();
		Map<String, SkillMeta> skills = new LinkedHashMap<>();
		snapshot.skills().stream().filter(this::serves).forEach((skill) -> skills.put(skill.name(), skill));
		Set<String> touched = new HashSet<>();
		if (change != null) {
			touched.addAll(change.added());
			touched.addAll(change.changed());
		}
		if (this.resources != null) {
			this.resources.sync(snapshot, skills, (change != null) ? touched : skills.keySet());
		}
		if (this.prompts != null) {
			syncPrompts(skills, touched, change != null);
		}
		if (this.tools != null) {
			this.tools.sync(this.server);
		}
	}

	private SkillsSnapshot current() {
		return this.view.apply(this.registry.snapshot());
	}

	private boolean serves(SkillMeta skill) {
		return this.listBuiltins || !skill.builtin();
	}

	private void syncPrompts(Map<String, SkillMeta> skills, Set<String> touched, boolean reload) {
		boolean changed = false;
		for (String gone : List.copyOf(this.prompted.keySet())) {
			SkillMeta now = skills.get(gone);
			if (now == null || !now.description().equals(this.prompted.get(gone).description())) {
				this.server.removePrompt(gone);
				this.prompted.remove(gone);
				changed = true;
			}
		}
		for (SkillMeta skill : skills.values()) {
			if (!this.prompted.containsKey(skill.name())) {
				this.server.addPrompt(this.prompts.specification(skill));
				this.prompted.put(skill.name(), skill);
				changed = true;
			}
		}
		// A skill's instructions changed: its prompt's message did, though the list did
		// not.
		if (reload && !changed && touched.stream().anyMatch(skills::containsKey)) {
			this.server.notifyPromptsListChanged();
		}
	}

	/**
	 * Builds a {@link McpSkillsPublisher}.
	 */
	public static final class Builder {

		private final McpSyncServer server;

		private final SkillsRegistry registry;

		private UnaryOperator<SkillsSnapshot> view = UnaryOperator.identity();

		private @Nullable ToolCallbackProvider tools;

		private boolean toolsExported;

		private boolean resources = true;

		private boolean prompts;

		private boolean listBuiltins;

		private Builder(McpSyncServer server, SkillsRegistry registry) {
			this.server = server;
			this.registry = registry;
		}

		/**
		 * What of each snapshot is served (default: all of it): resources, index and
		 * prompts are those of the view's skills, and reads go through the view.
		 * @param view the view of a registry snapshot, such as one skill set's
		 * @return this builder
		 */
		public Builder view(UnaryOperator<SkillsSnapshot> view) {
			this.view = view;
			return this;
		}

		/**
		 * The skill tools Spring AI exported at start-up, to keep up to date on the
		 * server (default: none, the tools are left as Spring AI exported them).
		 * @param tools the provider of the skill tools
		 * @return this builder
		 */
		public Builder tools(ToolCallbackProvider tools) {
			return tools(tools, true);
		}

		/**
		 * The skill tools to keep up to date on the server.
		 * @param tools the provider of the skill tools
		 * @param exported whether Spring AI exported this provider's tools at start-up,
		 * which are then kept while their definitions hold; when not, {@link #start()}
		 * replaces every skill tool on the server with this provider's
		 * @return this builder
		 */
		public Builder tools(ToolCallbackProvider tools, boolean exported) {
			this.tools = tools;
			this.toolsExported = exported;
			return this;
		}

		/**
		 * Whether to serve every skill file as a {@code skill://} resource, and
		 * {@code skill://index.json} (default: yes).
		 * @param resources whether to serve resources
		 * @return this builder
		 */
		public Builder resources(boolean resources) {
			this.resources = resources;
			return this;
		}

		/**
		 * Whether to serve one prompt per skill (default: no).
		 * @param prompts whether to serve prompts
		 * @return this builder
		 */
		public Builder prompts(boolean prompts) {
			this.prompts = prompts;
			return this;
		}

		/**
		 * Whether built-in skills are served too, as the catalog lists them (default:
		 * no).
		 * @param listBuiltins whether to serve them
		 * @return this builder
		 */
		public Builder listBuiltins(boolean listBuiltins) {
			this.listBuiltins = listBuiltins;
			return this;
		}

		/**
		 * Build the publisher; nothing is published before {@link #start()}.
		 * @return the publisher
		 */
		public McpSkillsPublisher build() {
			return new McpSkillsPublisher(this);
		}

	}

}
