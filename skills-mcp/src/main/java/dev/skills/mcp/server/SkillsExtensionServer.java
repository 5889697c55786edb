package dev.skills.mcp.server;

import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import java.util.function.UnaryOperator;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.HmacRequestStateCodec;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.feature.McpChangeFeed;
import io.modelcontextprotocol.modern.server.feature.ResourcesFeature;
import io.modelcontextprotocol.modern.server.feature.ServerChange;
import io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport;
import jakarta.servlet.http.HttpServlet;
import org.jspecify.annotations.Nullable;

/**
 * Serves a registry's skills with the MCP Skills Extension (SEP-2640,
 * {@code io.modelcontextprotocol/skills}) on the 2026-07-28 protocol, with the MCP Java
 * SDK's stateless server: {@code server/discover} declares the extension;
 * {@code skills/list} (paginated), {@code skills/get}, {@code resources/directory/read},
 * and {@code resources/list} and {@code resources/read} of the same {@code skill://}
 * files, each with its size and SHA-256 digest; {@code subscriptions/listen} tells
 * subscribers of every reload that changes what is served. Mount {@link #servlet()} at
 * the endpoint's path; register the server as a {@link SkillsListener}; {@link #close()}
 * ends its subscriptions.
 * <p>
 * Built-in skills are served only when asked. A request is bounded: its body by
 * {@code maxRequestBytes}, a URI by {@value SkillsFeature#MAX_URI_CHARS} characters, and
 * each answer is one look-up in entries built once per snapshot.
 */
public final class SkillsExtensionServer implements SkillsListener, AutoCloseable {

	private final SkillsRegistry registry;

	private final boolean listBuiltins;

	private final UnaryOperator<SkillsSnapshot> view;

	private final SkillFileReads reads;

	private final McpChangeFeed changes = new McpChangeFeed();

	private final McpServer server;

	private final HttpServletMcpTransport transport;

	private volatile @Nullable ServedSkills served;

	private SkillsExtensionServer(Builder builder) {
		this.registry = builder.registry;
		this.listBuiltins = builder.listBuiltins;
		this.view = builder.view;
		this.reads = new SkillFileReads(() -> this.view.apply(this.registry.snapshot()));
		McpJsonMapper json = McpJsonDefaults.getMapper();
		this.server = McpServer.builder()
			.serverInfo(McpSchema.Implementation.builder(builder.name, builder.version).build())
			.jsonMapper(json)
			.requestStateCodec(requestStateCodec(json))
			.feature(new SkillsFeature(this::served, builder.pageSize))
			.feature(ResourcesFeature.ofSync(
					new SkillFilesRepository(this::served, this.reads, builder.pageSize, this::fileChanged), json, 0,
					McpSchema.CacheScope.PRIVATE))
			.subscriptions(this.changes)
			.build();
		this.transport = HttpServletMcpTransport.builder(this.server)
			.jsonMapper(json)
			.endpoint(builder.path)
			.maxRequestSize(builder.maxRequestBytes)
			.build();
	}

	// No method here asks the client for input, so no request state is ever sealed: a key
	// of this process's own is right (the SDK's default is the same, with a warning that
	// a multi-instance deployment would need a shared key).
	private static HmacRequestStateCodec requestStateCodec(McpJsonMapper json) {
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		return HmacRequestStateCodec.builder().key(key).jsonMapper(json).build();
	}

	/**
	 * Start building a server.
	 * @param registry the skills to serve
	 * @return a builder
	 */
	public static Builder builder(SkillsRegistry registry) {
		return new Builder(registry);
	}

	/**
	 * The servlet that answers the endpoint (streamable HTTP of 2026-07-28).
	 * @return the servlet, to be mapped at the endpoint's path
	 */
	public HttpServlet servlet() {
		return this.transport;
	}

	@Override
	public void onChange(SkillsChange change) {
		Set<String> touched = new HashSet<>(change.added());
		touched.addAll(change.changed());
		touched.addAll(change.removed());
		SkillsSnapshot now = this.view.apply(change.snapshot());
		ServedSkills before = this.served;
		// A skill that left the view (an edit took it out of the served set) is gone for
		// the clients: they hear of it as of a removed one.
		touched.removeIf((name) -> !serves(name, now) && !change.removed().contains(name)
				&& (before == null || !before.serves(name)));
		if (touched.isEmpty()) {
			return;
		}
		this.served = null;
		this.changes.broadcast(new ServerChange.ResourcesListChanged());
		for (String name : touched) {
			if (!change.added().contains(name)) {
				this.changes.broadcast(new ServerChange.ResourceUpdated(SkillUris.skillFile(name)));
			}
		}
	}

	/**
	 * End the subscriptions and stop answering.
	 */
	@Override
	public void close() {
		this.transport.closeGracefully();
		this.server.closeGracefully();
	}

	// The entries of the registry's current snapshot, built once per snapshot.
	ServedSkills served() {
		SkillsSnapshot snapshot = this.view.apply(this.registry.snapshot());
		ServedSkills served = this.served;
		if (served != null && served.generation() == snapshot.generation()) {
			return served;
		}
		synchronized (this) {
			served = this.served;
			if (served == null || served.generation() != snapshot.generation()) {
				served = ServedSkills.of(snapshot, this::serves, this.reads);
				this.served = served;
			}
			return served;
		}
	}

	private boolean serves(SkillMeta skill) {
		return this.listBuiltins || !skill.builtin();
	}

	private boolean serves(String name, SkillsSnapshot snapshot) {
		return snapshot.get(name).map(this::serves).orElse(false);
	}

	// A bundled file edited on its own (no reload): list it again with its new digest.
	private void fileChanged(ServedFile file) {
		this.served = null;
		this.changes.broadcast(new ServerChange.ResourcesListChanged());
		this.changes.broadcast(new ServerChange.ResourceUpdated(SkillUris.skillFile(file.skill())));
	}

	/**
	 * Builds a {@link SkillsExtensionServer}.
	 */
	public static final class Builder {

		private final SkillsRegistry registry;

		private String path = "/mcp/skills";

		private int pageSize = 100;

		private int maxRequestBytes = 64 * 1024;

		private boolean listBuiltins;

		private String name = "skills";

		private String version = "1.0.0";

		private UnaryOperator<SkillsSnapshot> view = UnaryOperator.identity();

		private Builder(SkillsRegistry registry) {
			this.registry = registry;
		}

		/**
		 * The endpoint's path, where {@link #servlet()} is mapped (default
		 * {@code /mcp/skills}).
		 * @param path the path: a leading {@code /}, no trailing {@code /}, no {@code *}
		 * (the transport answers only requests whose path ends with it)
		 * @return this builder
		 */
		public Builder path(String path) {
			if (!path.startsWith("/") || path.endsWith("/") || path.contains("*")) {
				throw new IllegalArgumentException(
						"path must start with '/' and name one endpoint (no '*', no trailing '/'), not '" + path + "'");
			}
			this.path = path;
			return this;
		}

		/**
		 * How many entries a page of {@code skills/list}, {@code resources/list} and
		 * {@code resources/directory/read} holds (default 100).
		 * @param pageSize from 1 to 10,000
		 * @return this builder
		 */
		public Builder pageSize(int pageSize) {
			if (pageSize < 1 || pageSize > 10_000) {
				throw new IllegalArgumentException("pageSize must be from 1 to 10000, not " + pageSize);
			}
			this.pageSize = pageSize;
			return this;
		}

		/**
		 * The largest request body answered (default 64 KiB); a larger one is refused
		 * unread.
		 * @param maxRequestBytes the limit in bytes, at least 1 KiB
		 * @return this builder
		 */
		public Builder maxRequestBytes(int maxRequestBytes) {
			if (maxRequestBytes < 1024) {
				throw new IllegalArgumentException("maxRequestBytes must be at least 1024, not " + maxRequestBytes);
			}
			this.maxRequestBytes = maxRequestBytes;
			return this;
		}

		/**
		 * Whether built-in skills are served too (default: no).
		 * @param listBuiltins whether to serve them
		 * @return this builder
		 */
		public Builder listBuiltins(boolean listBuiltins) {
			this.listBuiltins = listBuiltins;
			return this;
		}

		/**
		 * The name and version {@code server/discover} gives (default {@code skills},
		 * {@code 1.0.0}).
		 * @param name the server's name
		 * @param version its version
		 * @return this builder
		 */
		public Builder serverInfo(String name, String version) {
			this.name = name;
			this.version = version;
			return this;
		}

		/**
		 * Narrow what is served, such as to one skill set: listings, gets and reads hold
		 * the view's skills only, and any other skill answers as a missing one.
		 * @param view the view of a registry snapshot
		 * @return this builder
		 */
		public Builder view(UnaryOperator<SkillsSnapshot> view) {
			this.view = view;
			return this;
		}

		/**
		 * Build the server.
		 * @return the server
		 */
		public SkillsExtensionServer build() {
			return new SkillsExtensionServer(this);
		}

	}

}
