package dev.skills.boot.sources.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.util.unit.DataSize;

/**
 * One MCP server, reached through a Spring AI MCP client connection.
 */
public class McpSourceProperties {

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
	 * Longest one resources/read may take; a skill whose file does not arrive in time is
	 * skipped, the others load.
	 */
	private Duration readTimeout = Duration.ofSeconds(10);

	/**
	 * Largest file accepted; a skill with a file listed or read as larger is skipped, and
	 * a file listed as larger is never read.
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
