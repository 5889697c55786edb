package dev.skills.boot.sources.autoconfigure;

import java.net.URI;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.util.unit.DataSize;

/**
 * One MCP server, reached through a Spring AI MCP client connection or, on protocol
 * 2026-07-28, by its URL.
 */
public class McpSourceProperties {

	/**
	 * Name of the Spring AI MCP client connection (the name under
	 * spring.ai.mcp.client.streamable-http.connections, or sse or stdio). With url, the
	 * source's own name instead (shown as mcp:NAME); it then defaults to the url's host.
	 */
	private @Nullable String connection;

	/**
	 * Endpoint of a server on MCP protocol 2026-07-28 (such as
	 * https://skills.example.com/mcp/skills), read without a Spring AI client: with
	 * skills/list when server/discover declares the Skills Extension, else with its
	 * resource listing. Only this URL's origin is requested.
	 */
	private @Nullable URI url;

	/**
	 * How often the server's resources are listed again, besides on every
	 * notifications/resources/list_changed it sends; 0 for only at start-up, on a
	 * notification and on POST /actuator/skills.
	 */
	private Duration refreshInterval = Duration.ofMinutes(5);

	/**
	 * Longest one resources/read may take; a skill whose file does not arrive in time is
	 * skipped, the others load.
	 */
	private Duration readTimeout = Duration.ofSeconds(10);

	/**
	 * Largest file accepted; a skill with a file listed or read as larger is skipped, and
	 * a file listed as larger is never read. Over a streamable HTTP or SSE connection, no
	 * message of the server may pass twice this plus 1 MiB: it is cut on the wire.
	 */
	private DataSize maxFileSize = DataSize.ofMegabytes(5);

	public @Nullable String getConnection() {
		return this.connection;
	}

	public void setConnection(@Nullable String connection) {
		this.connection = connection;
	}

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
