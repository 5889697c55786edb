package dev.skills.boot.minimal;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.skills.core.registry.SkillsRegistry;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application with the starter's auto-configuration and nothing else; started by
 * SkillsWithoutOptionalDependenciesTests in a class loader that lacks the optional
 * dependencies.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class MinimalApplication {

	/**
	 * Start, describe what was configured, stop.
	 * @param skillsDir the skills location
	 * @return what the context holds, as text (no types shared with the caller's class
	 * loader)
	 */
	public static Map<String, String> describe(String skillsDir) {
		return describe(skillsDir, WebApplicationType.NONE);
	}

	/**
	 * Start as a web application or not, describe what was configured, stop.
	 * @param skillsDir the skills location
	 * @param web the kind of application
	 * @return what the context holds, as text
	 */
	public static Map<String, String> describe(String skillsDir, WebApplicationType web) {
		if (web == WebApplicationType.SERVLET) {
			keepUrlHandlersOfTheJvm();
		}
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(MinimalApplication.class).web(web)
			.run("--skills.skills-dir=" + skillsDir, "--spring.main.banner-mode=off",
					"--management.endpoints.web.exposure.include=*", "--server.port=0",
					"--spring.ai.mcp.server.protocol=STREAMABLE", "--spring.ai.openai.api-key=test")) {
			Map<String, String> description = new LinkedHashMap<>();
			description.put("skills", context.getBean(SkillsRegistry.class).names().toString());
			for (String bean : new String[] { "skillsAdvisor", "skillsToolCallbackProvider", "skillsHealthIndicator",
					"skillsEndpoint", "activeSkillsEndpoint", "skillsMetrics", "mcpSkillsPublisher" }) {
				description.put(bean, String.valueOf(context.containsBean(bean)));
			}
			if (context.containsBean("skillsHealthIndicator")) {
				description.put("skillsHealth", health(context.getBean("skillsHealthIndicator")));
			}
			return description;
		}
	}

	// Tomcat otherwise installs its URL stream handler factory, which a JVM takes once:
	// the Tomcat of every later test in this JVM (another class loader) would fail.
	private static void keepUrlHandlersOfTheJvm() {
		try {
			Class.forName("org.apache.catalina.webresources.TomcatURLStreamHandlerFactory")
				.getMethod("disable")
				.invoke(null);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	// By reflection: this class must load where the health module is missing.
	private static String health(Object indicator) {
		try {
			Object health = indicator.getClass().getMethod("health").invoke(indicator);
			return String.valueOf(health.getClass().getMethod("getStatus").invoke(health));
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
