/**
 * Serving a registry's skills over MCP (SEP-2640): every skill file as a {@code skill://}
 * resource with its size and digest, the {@code skill://index.json} index, optionally one
 * prompt per skill, and the skill tools, all kept in step with the registry's reloads.
 */
@NullMarked
package dev.skills.mcp.server;

import org.jspecify.annotations.NullMarked;
