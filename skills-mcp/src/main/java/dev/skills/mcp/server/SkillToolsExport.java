package dev.skills.mcp.server;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.mcp.McpToolUtils;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Keeps the skill tools an MCP server lists equal to what the skills'
 * {@link ToolCallbackProvider} offers now. Spring AI exports the provider's tools once,
 * at start-up; a reload can change their definitions (the {@code enum} of skill names, or
 * {@code search_skills} once the catalog outgrows its budget), and then the changed tools
 * are replaced, which the server announces with {@code notifications/tools/list_changed}.
 * A reload that leaves the definitions alone touches nothing.
 */
final class SkillToolsExport {

	private final ToolCallbackProvider provider;

	// Null until the first sync, which trusts the tools Spring AI exported at start-up
	// from the same provider.
	private @Nullable Map<String, ToolDefinition> exported;

	SkillToolsExport(ToolCallbackProvider provider) {
		this.provider = provider;
	}

	/**
	 * Bring the server's skill tools up to date.
	 * @param server the server
	 * @return whether a tool was added, replaced or removed
	 */
	boolean sync(McpSyncServer server) {
		Map<String, ToolCallback> current = new LinkedHashMap<>();
		for (ToolCallback callback : this.provider.getToolCallbacks()) {
			current.put(callback.getToolDefinition().name(), callback);
		}
		Set<String> listed = new HashSet<>();
		server.listTools().stream().map(McpSchema.Tool::name).forEach(listed::add);
		boolean changed = false;
		Map<String, ToolDefinition> before = (this.exported != null) ? this.exported : Map.of();
		for (String gone : before.keySet()) {
			if (!current.containsKey(gone) && listed.remove(gone)) {
				server.removeTool(gone);
				changed = true;
			}
		}
		Map<String, ToolDefinition> now = new LinkedHashMap<>();
		for (ToolCallback callback : current.values()) {
			ToolDefinition definition = callback.getToolDefinition();
			now.put(definition.name(), definition);
			boolean same = listed.contains(definition.name())
					&& (this.exported == null || definition.equals(before.get(definition.name())));
			if (!same) {
				if (listed.contains(definition.name())) {
					server.removeTool(definition.name());
				}
				server.addTool(McpToolUtils.toSyncToolSpecification(callback));
				changed = true;
			}
		}
		this.exported = now;
		return changed;
	}

}
