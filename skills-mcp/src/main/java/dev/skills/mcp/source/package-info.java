/**
 * Reading skills from MCP servers ({@code skills.sources.mcp}): each server is a remote
 * skill source whose {@code skill://} resources are listed, read with
 * {@code resources/read}, verified against their digests and sizes, and materialised into
 * the sources cache, where the registry reads them like any folder.
 */
@NullMarked
package dev.skills.mcp.source;

import org.jspecify.annotations.NullMarked;
