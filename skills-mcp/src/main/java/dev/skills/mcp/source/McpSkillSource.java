package dev.skills.mcp.source;

import java.io.IOException;
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

import dev.skills.sources.RemoteSource;
import dev.skills.sources.SkillSources.SourcesSettings;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The skills of one MCP server, as a remote source. A fetch lists the server's resources
 * (and reads {@code skill://index.json} when it is listed); the revision is a digest of
 * that listing, so an unchanged server costs one listing. A checkout reads each skill's
 * files with {@code resources/read} (copying a skill whose files' digests did not change
 * from the revision served), verifies each against the digest and size listed, and writes
 * them into the revision's folder; a skill whose read fails, times out, is too large,
 * answers with an unlisted resource, fails its digest or size, or whose frontmatter name
 * differs from its URI is left out with why ({@link #warning()}, and a warning on the
 * {@code dev.skills.sources} logger), and the others load. Nothing read is run.
 * <p>
 * {@code skills/list} (SEP-2640) is not called: the MCP Java SDK 2.0.0 has no way to send
 * a request of a method it does not know, nor to see the server's extensions.
 */
public final class McpSkillSource implements RemoteSource {

	private static final Log logger = LogFactory.getLog("dev.skills.sources");

	private static final int MAX_WARNING_LENGTH = 1000;

	private final McpSourceSettings settings;

	private final SourcesSettings limits;

	private final ResourceReads reads;

	// Without digests an unchanged listing may hide an edit: every notification then
	// makes a new revision, and so does every process (the nonce).
	private final String nonce = UUID.randomUUID().toString();

	private final AtomicLong notifications = new AtomicLong();

	// The listings of the last revisions checked out, to copy unchanged skills from.
	private final Map<String, SkillListing> listings = new LinkedHashMap<>();

	private @Nullable SkillListing fetched;

	private volatile @Nullable String warning;

	/**
	 * Create the source of a server.
	 * @param settings the connection and its refresh interval, read timeout and file size
	 * limit
	 * @param limits the sources' fetch timeout, and the most files and bytes of one
	 * revision
	 * @param client the connection's client
	 */
	public McpSkillSource(McpSourceSettings settings, SourcesSettings limits, McpSyncClient client) {
		this.settings = settings;
		this.limits = limits;
		this.reads = new ResourceReads(client, settings.connection());
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
		List<Resource> resources = this.reads.list(this.limits.timeout(), this.limits.maxFiles());
		List<String> entryPoints = null;
		String extra = "";
		List<String> notes = new ArrayList<>();
		if (resources.stream().anyMatch((resource) -> SkillUri.INDEX.equals(resource.uri()))) {
			try {
				byte[] index = this.reads.read(SkillUri.INDEX, this.settings.maxFileSize(),
						this.settings.readTimeout());
				entryPoints = SkillIndex.entryPoints(index);
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
		Path servedFolder = (served != null) ? into.resolveSibling(served) : null;
		SkillCheckout checkout = new SkillCheckout(this.reads, this.settings, this.limits, into);
		List<String> skipped = new ArrayList<>(listing.skipped());
		for (RemoteSkill skill : listing.skills()) {
			RemoteSkill old = (before != null) ? find(before, skill.folder()) : null;
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
		for (String line : skipped) {
			logger.warn("Skills source " + name() + ": " + line);
		}
		this.warning = summary(skipped);
		this.listings.remove(revision);
		this.listings.put(revision, listing);
		while (this.listings.size() > 2) {
			this.listings.remove(this.listings.keySet().iterator().next());
		}
	}

	@Override
	public @Nullable String warning() {
		return this.warning;
	}

	/**
	 * Stop any read under way and end the source's threads.
	 */
	@Override
	public void close() {
		this.reads.close();
	}

	private static @Nullable RemoteSkill find(SkillListing listing, List<String> folder) {
		for (RemoteSkill skill : listing.skills()) {
			if (skill.folder().equals(folder)) {
				return skill;
			}
		}
		return null;
	}

	private static @Nullable String summary(List<String> skipped) {
		if (skipped.isEmpty()) {
			return null;
		}
		String all = skipped.size() + ((skipped.size() == 1) ? " problem: " : " problems: ")
				+ String.join("; ", skipped);
		return (all.length() > MAX_WARNING_LENGTH) ? all.substring(0, MAX_WARNING_LENGTH) + "…" : all;
	}

}
