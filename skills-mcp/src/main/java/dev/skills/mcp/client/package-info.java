/**
 * The MCP client connection a skill source reads, guarded against its server: each
 * message it may receive is bounded on the wire, and its {@code resources/list_changed}
 * notices reach the source without the SDK's unbounded listing.
 */
@NullMarked
package dev.skills.mcp.client;

import org.jspecify.annotations.NullMarked;
