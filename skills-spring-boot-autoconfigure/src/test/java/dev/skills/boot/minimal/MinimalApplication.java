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
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(MinimalApplication.class)
			.web(WebApplicationType.NONE)
			.run("--skills.skills-dir=" + skillsDir, "--spring.main.banner-mode=off",
					"--management.endpoints.web.exposure.include=*")) {
			Map<String, String> description = new LinkedHashMap<>();
			description.put("skills", context.getBean(SkillsRegistry.class).names().toString());
			for (String bean : new String[] { "skillsAdvisor", "skillsToolCallbackProvider", "skillsHealthIndicator",
					"skillsEndpoint", "activeSkillsEndpoint", "skillsMetrics" }) {
				description.put(bean, String.valueOf(context.containsBean(bean)));
			}
			return description;
		}
	}

}
