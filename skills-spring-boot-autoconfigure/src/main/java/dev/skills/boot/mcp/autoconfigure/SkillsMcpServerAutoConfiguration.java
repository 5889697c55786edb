package dev.skills.boot.mcp.autoconfigure;

import java.util.function.UnaryOperator;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsProperties;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.mcp.server.McpSkillsPublisher;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import io.modelcontextprotocol.server.McpSyncServer;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration that serves the skills on the application's Spring AI MCP server (a
 * {@link McpSyncServer}, as {@code spring-ai-starter-mcp-server-webmvc} or
 * {@code -webflux} configures it): every skill file as a {@code skill://} resource with
 * {@code skill://index.json} ({@code skills.mcp.resources}), one prompt per skill
 * ({@code skills.mcp.prompts}), and the skill tools kept up to date on every reload.
 * Built-in skills are served when {@code skills.builtin.catalog} lists them; with
 * {@code skills.mcp.set}, only that skill set is served, and a name that no set has stops
 * the start-up. Backs off without {@code skills-mcp} or without a Spring AI MCP server on
 * the class path, and for the asynchronous and stateless servers.
 */
@AutoConfiguration(after = { SkillsAutoConfiguration.class, SkillsChatClientAutoConfiguration.class },
		afterName = "org.springframework.ai.mcp.server.common.autoconfigure.McpServerAutoConfiguration")
@ConditionalOnClass(value = { McpSkillsPublisher.class, McpSyncServer.class },
		name = "org.springframework.ai.mcp.server.common.autoconfigure.McpServerAutoConfiguration")
@ConditionalOnSkillsEnabled
@ConditionalOnBean({ SkillsRegistry.class, McpSyncServer.class })
@EnableConfigurationProperties(SkillsMcpProperties.class)
public final class SkillsMcpServerAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	McpSkillsPublisher mcpSkillsPublisher(McpSyncServer server, SkillsRegistry registry, SkillsMcpProperties properties,
			SkillsProperties skills, ObjectProvider<SkillsToolCallbackProvider> tools, ObjectProvider<SkillSets> sets) {
		McpSkillsPublisher.Builder publisher = McpSkillsPublisher.builder(server, registry)
			.resources(properties.isResources())
			.prompts(properties.isPrompts())
			.listBuiltins(skills.getBuiltin().isCatalog());
		UnaryOperator<SkillsSnapshot> view = ServedSet.view(properties, sets);
		if (view == null) {
			tools.ifAvailable(publisher::tools);
		}
		else {
			String set = properties.getSet();
			publisher.view(view);
			// Spring AI exported the tools of the default set: the set's replace them.
			tools.ifAvailable((all) -> publisher.tools(all.inSet(set), false));
		}
		McpSkillsPublisher built = publisher.build();
		// The server exists, with the tools Spring AI exported: publish the rest now;
		// reloads reach the publisher as a SkillsListener bean.
		built.start();
		return built;
	}

}
