package dev.skills.mcp.source;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import io.modelcontextprotocol.spec.McpSchema.Resource;

/**
 * Bounded calls to one MCP server that lists and reads {@code skill://} resources,
 * whichever protocol it speaks: {@link ResourceReads} through a Spring AI client
 * connection, {@link ExtensionReads} on protocol 2026-07-28. {@link #close()} stops the
 * calls under way.
 */
interface McpReads extends AutoCloseable {

	/** The most pages of one listing: a server that pages forever fails the fetch. */
	int MAX_PAGES = 1000;

	/**
	 * List every resource, page by page.
	 * @param timeout the longest each page may take
	 * @param maxResources the most {@code skill://} resources accepted
	 * @return the resources
	 * @throws IOException when a page fails or times out, or there are too many
	 */
	List<Resource> list(Duration timeout, int maxResources) throws IOException;

	/**
	 * Read one resource's bytes.
	 * @param uri the resource
	 * @param maxBytes the most bytes accepted
	 * @param timeout the longest the read may take
	 * @return its bytes: the text in UTF-8, or the decoded blob
	 * @throws IOException when the read fails, times out, is larger than allowed, or
	 * answers with anything but this one resource
	 */
	byte[] read(String uri, long maxBytes, Duration timeout) throws IOException;

	/**
	 * Stop every call under way and end the threads.
	 */
	@Override
	void close();

}
