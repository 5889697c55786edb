/**
 * Auto-configuration of skills over MCP ({@code skills.mcp.*} for serving,
 * {@code skills.sources.mcp} for reading), when {@code dev.skills:skills-mcp} and a
 * Spring AI MCP starter are on the class path.
 */
@NullMarked
package dev.skills.boot.mcp.autoconfigure;

import org.jspecify.annotations.NullMarked;
