package dev.skills.boot.sources.autoconfigure;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration properties of remote skill sources ({@code skills.sources.*}).
 */
@ConfigurationProperties(SkillsSourcesProperties.PREFIX)
public class SkillsSourcesProperties {

	/** The prefix of every property. */
	public static final String PREFIX = "skills.sources";

	/**
	 * Folder under which each source keeps its fetched objects and checked-out revisions;
	 * by default 'skills-sources' in the temp folder.
	 */
	private @Nullable Path cacheDir;

	/**
	 * Longest a fetch may wait on the network before it fails and the last good revision
	 * stays served.
	 */
	private Duration timeout = Duration.ofSeconds(30);

	/**
	 * Most files one revision of a source may hold; a larger revision is not served.
	 */
	private int maxFiles = 10_000;

	/**
	 * Most bytes one revision of a source may hold, all files together; a larger revision
	 * is not served.
	 */
	private DataSize maxSize = DataSize.ofMegabytes(100);

	/**
	 * Git repositories to read skills from, after the folders of 'skills.skills-dir'.
	 */
	private List<Git> git = new ArrayList<>();

	/**
	 * Published skill indexes (/.well-known/agent-skills/index.json) to read skills from,
	 * after the git repositories.
	 */
	private List<Index> index = new ArrayList<>();

	/**
	 * MCP servers to read skills from (their skill:// resources), after the git
	 * repositories and indexes; needs dev.skills:skills-mcp and a Spring AI MCP client.
	 */
	private List<Mcp> mcp = new ArrayList<>();

	public @Nullable Path getCacheDir() {
		return this.cacheDir;
	}

	public void setCacheDir(@Nullable Path cacheDir) {
		this.cacheDir = cacheDir;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

	public int getMaxFiles() {
		return this.maxFiles;
	}

	public void setMaxFiles(int maxFiles) {
		this.maxFiles = maxFiles;
	}

	public DataSize getMaxSize() {
		return this.maxSize;
	}

	public void setMaxSize(DataSize maxSize) {
		this.maxSize = maxSize;
	}

	public List<Git> getGit() {
		return this.git;
	}

	public void setGit(List<Git> git) {
		this.git = git;
	}

	public List<Index> getIndex() {
		return this.index;
	}

	public void setIndex(List<Index> index) {
		this.index = index;
	}

	public List<Mcp> getMcp() {
		return this.mcp;
	}

	public void setMcp(List<Mcp> mcp) {
		this.mcp = mcp;
	}

	/**
	 * One git repository.
	 */
	public static class Git {

		/**
		 * The repository: an https, http or file URI (ssh with
		 * org.eclipse.jgit.ssh.apache on the class path).
		 */
		private @Nullable String uri;

		/**
		 * A branch, a tag or a full commit id; a commit id is pinned and never fetched
		 * again; HEAD is the remote's default branch.
		 */
		private String ref = "HEAD";

		/**
		 * Folder of skills inside the repository; by default its root.
		 */
		private String path = "";

		/**
		 * How often a branch or tag is fetched again; 0 for only at start-up and on POST
		 * /actuator/skills.
		 */
		private Duration refreshInterval = Duration.ofMinutes(1);

		/**
		 * User name, for a server that asks for one.
		 */
		private @Nullable String username;

		/**
		 * Password or token, for a server that asks for one; best set from the
		 * environment. Never logged or shown.
		 */
		private @Nullable String password;

		public @Nullable String getUri() {
			return this.uri;
		}

		public void setUri(@Nullable String uri) {
			this.uri = uri;
		}

		public String getRef() {
			return this.ref;
		}

		public void setRef(String ref) {
			this.ref = ref;
		}

		public String getPath() {
			return this.path;
		}

		public void setPath(String path) {
			this.path = path;
		}

		public Duration getRefreshInterval() {
			return this.refreshInterval;
		}

		public void setRefreshInterval(Duration refreshInterval) {
			this.refreshInterval = refreshInterval;
		}

		public @Nullable String getUsername() {
			return this.username;
		}

		public void setUsername(@Nullable String username) {
			this.username = username;
		}

		public @Nullable String getPassword() {
			return this.password;
		}

		public void setPassword(@Nullable String password) {
			this.password = password;
		}

	}

	/**
	 * One published skill index.
	 */
	public static class Index {

		/**
		 * The index: an http or https URL, for example
		 * https://example.com/.well-known/agent-skills/index.json.
		 */
		private @Nullable URI url;

		/**
		 * How often the index is asked for again (a conditional request, so an unchanged
		 * index costs one small request); 0 for only at start-up and on POST
		 * /actuator/skills.
		 */
		private Duration refreshInterval = Duration.ofMinutes(10);

		/**
		 * Headers sent with every request to the index's own host, for example
		 * Authorization; best set from the environment. Never logged or shown.
		 */
		private Map<String, String> headers = new LinkedHashMap<>();

		/**
		 * User name for basic authentication, for a host that asks for one.
		 */
		private @Nullable String username;

		/**
		 * Password for basic authentication; best set from the environment. Never logged
		 * or shown.
		 */
		private @Nullable String password;

		public @Nullable URI getUrl() {
			return this.url;
		}

		public void setUrl(@Nullable URI url) {
			this.url = url;
		}

		public Duration getRefreshInterval() {
			return this.refreshInterval;
		}

		public void setRefreshInterval(Duration refreshInterval) {
			this.refreshInterval = refreshInterval;
		}

		public Map<String, String> getHeaders() {
			return this.headers;
		}

		public void setHeaders(Map<String, String> headers) {
			this.headers = headers;
		}

		public @Nullable String getUsername() {
			return this.username;
		}

		public void setUsername(@Nullable String username) {
			this.username = username;
		}

		public @Nullable String getPassword() {
			return this.password;
		}

		public void setPassword(@Nullable String password) {
			this.password = password;
		}

	}

	/**
	 * One MCP server, reached through a Spring AI MCP client connection.
	 */
	public static class Mcp {

		/**
		 * Name of the Spring AI MCP client connection (the name under
		 * spring.ai.mcp.client.streamable-http.connections, or sse or stdio).
		 */
		private @Nullable String connection;

		/**
		 * How often the server's resources are listed again, besides on every
		 * notifications/resources/list_changed it sends; 0 for only at start-up, on a
		 * notification and on POST /actuator/skills.
		 */
		private Duration refreshInterval = Duration.ofMinutes(5);

		/**
		 * Longest one resources/read may take; a skill whose file does not arrive in time
		 * is skipped, the others load.
		 */
		private Duration readTimeout = Duration.ofSeconds(10);

		/**
		 * Largest file accepted; a skill with a file listed or read as larger is skipped,
		 * and a file listed as larger is never read.
		 */
		private DataSize maxFileSize = DataSize.ofMegabytes(5);

		public @Nullable String getConnection() {
			return this.connection;
		}

		public void setConnection(@Nullable String connection) {
			this.connection = connection;
		}

		public Duration getRefreshInterval() {
			return this.refreshInterval;
		}

		public void setRefreshInterval(Duration refreshInterval) {
			this.refreshInterval = refreshInterval;
		}

		public Duration getReadTimeout() {
			return this.readTimeout;
		}

		public void setReadTimeout(Duration readTimeout) {
			this.readTimeout = readTimeout;
		}

		public DataSize getMaxFileSize() {
			return this.maxFileSize;
		}

		public void setMaxFileSize(DataSize maxFileSize) {
			this.maxFileSize = maxFileSize;
		}

	}

}
