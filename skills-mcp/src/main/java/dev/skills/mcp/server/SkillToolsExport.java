package dev.skills.mcp.server;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.skills.spring.ai.tool.SkillToolDefinitions;
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
 * A reload that leaves the definitions alone touches nothing. A provider other than the
 * one Spring AI exported (one skill set's tools) replaces the skill tools on the first
 * sync, so that none of the exported ones stays callable.
 */
final class SkillToolsExport {

	private static final Set<String> SKILL_TOOLS = Set.of(SkillToolDefinitions.ACTIVATE_SKILL,
			SkillToolDefinitions.READ_SKILL_RESOURCE, SkillToolDefinitions.SEARCH_SKILLS);

	private final ToolCallbackProvider provider;

	private final boolean exportedAtStartup;

	// Null until the first sync, which trusts the tools Spring AI exported at start-up
	// when they are this provider's, and else replaces every skill tool.
	private @Nullable Map<String, ToolDefinition> exported;

	SkillToolsExport(ToolCallbackProvider provider, boolean exportedAtStartup) {
		this.provider = provider;
		this.exportedAtStartup = exportedAtStartup;
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
		Set<String> ours = (this.exported != null) ? before.keySet() : this.exportedAtStartup ? Set.of() : SKILL_TOOLS;
		for (String gone : ours) {
			if (!current.containsKey(gone) && listed.remove(gone)) {
				server.removeTool(gone);
				changed = true;
			}
		}
		Map<String, ToolDefinition> now = new LinkedHashMap<>();
		for (ToolCallback callback : current.values()) {
			ToolDefinition definition = callback.getToolDefinition();
			now.put(definition.name(), definition);
			boolean same = listed.contains(definition.name()) && ((this.exported != null)
					? definition.equals(before.get(definition.name())) : this.exportedAtStartup);
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
