package dev.skills.mcp.source;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;

import dev.skills.mcp.client.McpResourceChanges;
import dev.skills.sources.SkillSource;
import dev.skills.sources.SourcesSettings;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import org.jspecify.annotations.Nullable;

/**
 * The skills of one MCP server, as a remote source. A fetch lists the server's skills:
 * with {@code skills/list} when the server is reached by URL on protocol 2026-07-28 and
 * declares the Skills Extension in {@code server/discover}, else by its resources (and
 * {@code skill://index.json} when it is listed); the revision is a digest of that
 * listing, so an unchanged server costs one listing. A checkout reads each skill's files
 * with {@code resources/read} (copying a skill whose files' digests did not change from
 * the revision served), verifies each against the digest and size listed, and writes them
 * into the revision's folder; a skill whose read fails, times out, is too large, answers
 * with an unlisted resource, fails its digest or size, or whose frontmatter name differs
 * from its URI is left out with why ({@link #warnings()}: the registry's diagnostics,
 * which it logs), and the others load. Nothing read is run.
 * <p>
 * Through a Spring AI client connection {@code skills/list} is not called: the MCP Java
 * SDK's 2.0 client has no way to send a request of a method it does not know, nor to see
 * the server's extensions.
 */
public final class McpSkillSource implements SkillSource {

	private final McpSourceSettings settings;

	private final SourcesSettings limits;

	// By URL on protocol 2026-07-28, an ExtensionReads, which may list with skills/list.
	private final McpReads reads;

	// Without digests an unchanged listing may hide an edit: every notification then
	// makes a new revision, and so does every process (the nonce).
	private final String nonce = UUID.randomUUID().toString();

	private final AtomicLong notifications = new AtomicLong();

	// The listings of the last revisions checked out, to copy unchanged skills from.
	private final Map<String, SkillListing> listings = new LinkedHashMap<>();

	private @Nullable SkillListing fetched;

	private volatile List<String> warnings = List.of();

	private final Function<String, Path> revisionFolder;

	/**
	 * Create the source of a server.
	 * @param settings the connection and its refresh interval, read timeout and file size
	 * limit
	 * @param limits the sources' fetch timeout, and the most files and bytes of one
	 * revision
	 * @param client the connection's client
	 * @param revisionFolder the folder of a revision once served, to copy unchanged
	 * skills from
	 */
	public McpSkillSource(McpSourceSettings settings, SourcesSettings limits, McpSyncClient client,
			Function<String, Path> revisionFolder) {
		this(settings, limits, new ResourceReads(client, settings.connection()), revisionFolder);
	}

	/**
	 * Create the source of a server reached by URL on protocol 2026-07-28.
	 * @param settings the source's name, refresh interval, read timeout and file size
	 * limit
	 * @param limits the sources' fetch timeout, and the most files and bytes of one
	 * revision
	 * @param url the server's endpoint ({@code https://host/mcp/skills})
	 * @param revisionFolder the folder of a revision once served, to copy unchanged
	 * skills from
	 */
	public McpSkillSource(McpSourceSettings settings, SourcesSettings limits, URI url,
			Function<String, Path> revisionFolder) {
		this(settings, limits, new ExtensionReads(url, settings.connection()), revisionFolder);
	}

	private McpSkillSource(McpSourceSettings settings, SourcesSettings limits, McpReads reads,
			Function<String, Path> revisionFolder) {
		this.settings = settings;
		this.limits = limits;
		this.reads = reads;
		this.revisionFolder = revisionFolder;
	}

	/**
	 * The factory of a server's source, for
	 * {@link dev.skills.sources.SourceRefresher#create SourceRefresher.create}: the
	 * source hears of the server's changes from the first.
	 * @param settings the connection and its refresh interval, read timeout and file size
	 * limit
	 * @param client the connection's client
	 * @param changes where the connection's {@code resources/list_changed} notifications
	 * arrive
	 * @return the factory
	 */
	public static SkillSource.Factory factory(McpSourceSettings settings, McpSyncClient client,
			McpResourceChanges changes) {
		return factory(settings, sourceName(settings.connection()), (limits, revisionFolder) -> {
			McpSkillSource source = new McpSkillSource(settings, limits, client, revisionFolder);
			changes.onChange(settings.connection(), source::changed);
			return source;
		});
	}

	/**
	 * The factory of the source of a server reached by URL on protocol 2026-07-28. Its
	 * changes are seen on the refresh interval: the source holds no subscription open.
	 * @param settings the source's name, refresh interval, read timeout and file size
	 * limit
	 * @param url the server's endpoint
	 * @return the factory
	 */
	public static SkillSource.Factory factory(McpSourceSettings settings, URI url) {
		return factory(settings, sourceName(settings.connection()) + " " + url,
				(limits, revisionFolder) -> new McpSkillSource(settings, limits, url, revisionFolder));
	}

	private static SkillSource.Factory factory(McpSourceSettings settings, String identity,
			BiFunction<SourcesSettings, Function<String, Path>, SkillSource> create) {
		return new SkillSource.Factory() {

			@Override
			public String readableName() {
				return "mcp-" + settings.connection();
			}

			@Override
			public String identity() {
				return identity;
			}

			@Override
			public SkillSource create(SourcesSettings limits, Path store, Function<String, Path> revisionFolder) {
				return create.apply(limits, revisionFolder);
			}

		};
	}

	/**
	 * The name of the source of a connection, as its status shows it.
	 * @param connection the connection's name
	 * @return {@code mcp:<connection>}
	 */
	public static String sourceName(String connection) {
		return "mcp:" + connection;
	}

	@Override
	public String name() {
		return sourceName(this.settings.connection());
	}

	@Override
	public String type() {
		return "mcp";
	}

	@Override
	public boolean moves() {
		return true;
	}

	@Override
	public Duration refreshInterval() {
		return this.settings.refreshInterval();
	}

	/**
	 * Note that the server said its resources changed; the next fetch then makes a new
	 * revision even when the listing carries no digests.
	 */
	public void changed() {
		this.notifications.incrementAndGet();
	}

	@Override
	public String fetch() throws IOException {
		if (this.reads instanceof ExtensionReads extension && extension.declaresSkills(this.limits.timeout())) {
			this.fetched = Listings.ofEntries(extension.skills(this.limits.timeout(), this.limits.maxFiles()));
			return this.fetched.revision();
		}
		List<Resource> resources = this.reads.list(this.limits.timeout(), this.limits.maxFiles());
		List<String> entryPoints = null;
		String extra = "";
		List<String> notes = new ArrayList<>();
		if (resources.stream().anyMatch((resource) -> SkillUri.INDEX.equals(resource.uri()))) {
			try {
				byte[] index = this.reads.read(SkillUri.INDEX, this.settings.maxFileSize(),
						this.settings.readTimeout());
				entryPoints = RemoteIndex.entryPoints(index);
				extra = "index " + Digests.sha256(index);
			}
			catch (IOException ex) {
				notes.add(SkillUri.INDEX + " not used: " + ex.getMessage());
			}
		}
		SkillListing listing = Listings.of(resources, entryPoints, extra);
		if (!listing.digested()) {
			listing = new SkillListing(listing.revision() + "-"
					+ Digests.sha256((this.nonce + this.notifications.get()).getBytes(StandardCharsets.UTF_8))
						.substring(0, 8),
					listing.skills(), listing.skipped());
		}
		if (!notes.isEmpty()) {
			List<String> skipped = new ArrayList<>(notes);
			skipped.addAll(listing.skipped());
			listing = new SkillListing(listing.revision(), listing.skills(), skipped);
		}
		this.fetched = listing;
		return listing.revision();
	}

	@Override
	public void checkout(String revision, @Nullable String served, Path into) throws IOException {
		SkillListing listing = this.fetched;
		if (listing == null || !listing.revision().equals(revision)) {
			throw new IOException("revision " + revision + " was not fetched");
		}
		SkillListing before = (served != null) ? this.listings.get(served) : null;
		Path servedFolder = (served != null) ? this.revisionFolder.apply(served) : null;
		SkillCheckout checkout = new SkillCheckout(this.reads, this.settings, this.limits.budget(), into);
		List<String> skipped = new ArrayList<>(listing.skipped());
		for (RemoteSkill skill : listing.skills()) {
			RemoteSkill old = (before != null) ? before.skill(skill.folder()) : null;
			boolean unchanged = old != null && skill.digested() && old.equals(skill) && servedFolder != null && Files
				.isDirectory(servedFolder.resolve(String.join("/", skill.folder())), LinkOption.NOFOLLOW_LINKS);
			if (unchanged) {
				checkout.copy(skill, servedFolder);
			}
			else {
				String why = checkout.read(skill);
				if (why != null) {
					skipped.add("skill '" + skill.name() + "' skipped: " + why);
				}
			}
		}
		this.warnings = SkillListing.warnings(skipped);
		this.listings.remove(revision);
		this.listings.put(revision, listing);
		while (this.listings.size() > 2) {
			this.listings.remove(this.listings.keySet().iterator().next());
		}
	}

	@Override
	public List<String> warnings() {
		return this.warnings;
	}

	/**
	 * Stop any read under way and end the source's threads.
	 */
	@Override
	public void close() {
		this.reads.close();
	}

}
