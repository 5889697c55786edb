package dev.skills.boot.mcp.autoconfigure;

import java.util.function.UnaryOperator;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsProperties;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.mcp.server.SkillsExtensionServer;
import dev.skills.spring.ai.set.SkillSets;
import io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport;
import jakarta.servlet.http.HttpServlet;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration that serves the skills with the MCP Skills Extension on protocol
 * 2026-07-28 at {@code skills.mcp.modern.path} of the application's servlet web server,
 * when {@code skills.mcp.modern.enabled=true}: beside Spring AI's MCP server (which keeps
 * serving older clients), or without one. Needs the MCP Java SDK 2.2.0 or later on the
 * class path (its {@code io.modelcontextprotocol.modern} server) and a servlet web
 * application; backs off otherwise.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnClass({ SkillsExtensionServer.class, HttpServletMcpTransport.class, HttpServlet.class,
		ServletRegistrationBean.class })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnSkillsEnabled
@ConditionalOnProperty(prefix = SkillsMcpProperties.PREFIX + ".modern", name = "enabled", havingValue = "true")
@ConditionalOnBean(SkillsRegistry.class)
@EnableConfigurationProperties(SkillsMcpProperties.class)
public final class SkillsMcpExtensionAutoConfiguration {

	// close() ends the subscriptions' streams (first thing when the context closes, see
	// SkillsExtensionShutdown); reloads reach the server as a SkillsListener bean
	// (SkillsAutoConfiguration registers it with the registry).
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	SkillsExtensionServer skillsExtensionServer(SkillsRegistry registry, SkillsMcpProperties properties,
			SkillsProperties skills, ObjectProvider<SkillSets> sets) {
		SkillsExtensionServer.Builder server = SkillsExtensionServer.builder(registry)
			.path(properties.getModern().getPath())
			.pageSize(properties.getModern().getPageSize())
			.listBuiltins(skills.getBuiltin().isCatalog());
		UnaryOperator<SkillsSnapshot> view = ServedSet.view(properties, sets);
		if (view != null) {
			server.view(view);
		}
		return server.build();
	}

	@Bean
	SkillsExtensionShutdown skillsExtensionShutdown(SkillsExtensionServer server) {
		return new SkillsExtensionShutdown(server);
	}

	@Bean
	@ConditionalOnMissingBean(name = "skillsExtensionServlet")
	ServletRegistrationBean<HttpServlet> skillsExtensionServlet(SkillsExtensionServer server,
			SkillsMcpProperties properties) {
		ServletRegistrationBean<HttpServlet> registration = new ServletRegistrationBean<>(server.servlet(),
				properties.getModern().getPath());
		registration.setName("skillsExtension");
		return registration;
	}

}
