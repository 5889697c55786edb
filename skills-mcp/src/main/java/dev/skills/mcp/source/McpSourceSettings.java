package dev.skills.mcp.source;

import java.time.Duration;

import org.springframework.util.Assert;

/**
 * One MCP server to read skills from.
 *
 * @param connection the name of the Spring AI MCP client connection
 * ({@code spring.ai.mcp.client.*.connections.<name>})
 * @param refreshInterval how often the server is listed again, besides every
 * {@code resources/list_changed}; zero for only at start-up, on a notification and when
 * asked
 * @param readTimeout the longest one {@code resources/read} may take; a read that takes
 * longer skips its skill
 * @param maxFileSize the largest file accepted; a file listed as larger is skipped
 * without being read
 */
public record McpSourceSettings(String connection, Duration refreshInterval, Duration readTimeout, long maxFileSize) {

	/**
	 * Check the settings.
	 * @param connection the connection name
	 * @param refreshInterval the refresh interval
	 * @param readTimeout the read timeout
	 * @param maxFileSize the largest file
	 */
	public McpSourceSettings {
		Assert.hasText(connection, "connection must not be empty");
		Assert.isTrue(!refreshInterval.isNegative(), "refresh-interval must not be negative");
		Assert.isTrue(!readTimeout.isNegative() && !readTimeout.isZero(), "read-timeout must be positive");
		Assert.isTrue(maxFileSize > 0, "max-file-size must be positive");
	}

	/**
	 * The most bytes one message of the server may have on the wire
	 * ({@link dev.skills.mcp.client.BoundedHttpClient}): room for a file of
	 * {@code maxFileSize} escaped in JSON, and 1 MiB for the envelope or a page of a
	 * listing.
	 * @return the bound
	 */
	public long maxMessageBytes() {
		return 2 * this.maxFileSize + 1024 * 1024;
	}

}
