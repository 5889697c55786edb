package dev.skills.mcp.server;

import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import dev.skills.spring.ai.tool.SkillsTools;
import io.modelcontextprotocol.server.McpSyncServer;
import jakarta.servlet.http.HttpServlet;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * A Spring Boot application on a random loopback port that serves the skills of one
 * folder with Spring AI's streamable HTTP MCP server, wired as the auto-configuration
 * wires it (which lives in a module this one cannot depend on). Public for the reading
 * side's tests.
 */
public final class SkillsMcpTestServer implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private SkillsMcpTestServer(ConfigurableApplicationContext context) {
		this.context = context;
	}

	static SkillsMcpTestServer start(Path skills, boolean prompts) {
		return start(skills, prompts, "1000");
	}

	/**
	 * Start a server that also serves the Skills Extension at {@code /mcp/skills}, and
	 * the skills packaged under {@code META-INF/skills/} in the jars the thread's context
	 * class loader sees.
	 * @param skills the skills folder
	 * @param prompts whether to serve prompts on the legacy endpoint
	 * @param pageSize the extension's page size
	 * @return the server
	 */
	public static SkillsMcpTestServer start(Path skills, boolean prompts, String pageSize) {
		return new SkillsMcpTestServer(new SpringApplicationBuilder(ServingApplication.class)
			.properties("server.port=0", "server.address=127.0.0.1", "server.shutdown=immediate",
					"spring.main.banner-mode=off", "spring.ai.mcp.server.protocol=STREAMABLE",
					"spring.ai.mcp.server.name=skills-test", "spring.ai.mcp.client.enabled=false",
					"spring.ai.mcp.server.annotation-scanner.enabled=false", "test.skills-dir=" + skills,
					"test.prompts=" + prompts, "test.page-size=" + pageSize, "logging.level.root=WARN",
					// Spring AI's start-up notes on what this server does not use.
					"logging.level.org.springframework.ai.mcp=ERROR",
					"logging.level.org.springframework.context.support.PostProcessorRegistrationDelegate=ERROR")
			.run());
	}

	public String url() {
		return "http://127.0.0.1:" + this.context.getEnvironment().getProperty("local.server.port");
	}

	public SkillsRegistry registry() {
		return this.context.getBean(SkillsRegistry.class);
	}

	@Override
	public void close() {
		this.context.close();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ServingApplication {

		@Bean(destroyMethod = "close")
		SkillsRegistry skillsRegistry(Environment environment) {
			return SkillsRegistry.create(SkillConfig.builder()
				.skillsDir(environment.getRequiredProperty("test.skills-dir"), SkillConfig.DEFAULT_LOCATION)
				.build());
		}

		@Bean(destroyMethod = "close")
		SkillsExtensionServer skillsExtensionServer(SkillsRegistry registry, Environment environment) {
			SkillsExtensionServer server = SkillsExtensionServer.builder(registry)
				.pageSize(environment.getRequiredProperty("test.page-size", Integer.class))
				.build();
			registry.addListener(server);
			return server;
		}

		@Bean
		ServletRegistrationBean<HttpServlet> skillsExtensionServlet(SkillsExtensionServer server) {
			return new ServletRegistrationBean<>(server.servlet(), "/mcp/skills");
		}

		@Bean
		SkillsToolCallbackProvider skillsToolCallbackProvider(SkillsRegistry registry) {
			return new SkillsToolCallbackProvider(SkillsTools.builder(registry).build(),
					SkillCatalog.builder(registry).build());
		}

		@Bean
		McpSkillsPublisher mcpSkillsPublisher(McpSyncServer server, SkillsRegistry registry,
				SkillsToolCallbackProvider tools, Environment environment) {
			McpSkillsPublisher publisher = McpSkillsPublisher.builder(server, registry)
				.tools(tools)
				.prompts(environment.getProperty("test.prompts", Boolean.class, false))
				.build();
			publisher.start();
			registry.addListener(publisher);
			return publisher;
		}

	}

}
