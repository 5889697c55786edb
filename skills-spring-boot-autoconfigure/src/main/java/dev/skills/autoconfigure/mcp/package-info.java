/**
 * Auto-configuration of skills over MCP, when {@code dev.skills:skills-mcp} is on the
 * class path.
 */
@NullMarked
package dev.skills.autoconfigure.mcp;

import org.jspecify.annotations.NullMarked;
