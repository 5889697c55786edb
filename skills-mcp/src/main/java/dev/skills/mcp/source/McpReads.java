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
	 * List the server's {@code skill://} resources, page by page. Every resource listed
	 * counts, whatever its scheme ({@link #keep}).
	 * @param timeout the longest each page may take
	 * @param maxResources the most resources accepted, of any scheme
	 * @return the {@code skill://} resources
	 * @throws IOException when a page fails or times out, or there are too many
	 */
	List<Resource> list(Duration timeout, int maxResources) throws IOException;

	/**
	 * Count one listed resource and keep it if it is a {@code skill://} one: a server
	 * listing endless other resources stops the listing as soon as it passes the bound.
	 * @param resource the resource listed
	 * @param listed how many resources were listed so far, this one included
	 * @param maxResources the most resources accepted, of any scheme
	 * @param kept the {@code skill://} resources so far
	 * @throws IOException when there are too many
	 */
	static void keep(Resource resource, int listed, int maxResources, List<Resource> kept) throws IOException {
		if (listed > maxResources) {
			throw new IOException("the server lists more than " + maxResources + " resources");
		}
		if (resource.uri() != null && resource.uri().startsWith(SkillUri.SCHEME)) {
			kept.add(resource);
		}
	}

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
