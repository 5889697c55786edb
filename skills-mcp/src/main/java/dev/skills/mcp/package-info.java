/**
 * Agent Skills over the Model Context Protocol (SEP-2640): serving a registry's skills as
 * MCP resources, tools and prompts, and reading skills from MCP servers.
 */
@NullMarked
package dev.skills.mcp;

import org.jspecify.annotations.NullMarked;
