package dev.skills.boot.sets.autoconfigure;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.spring.ai.set.SkillSets;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of skill sets: the {@link SkillSets} of {@code skills.sets} and
 * {@code skills.default-set}, which the skill tools, the advisor, the endpoint and the
 * MCP server share.
 */
@AutoConfiguration(before = SkillsChatClientAutoConfiguration.class)
@ConditionalOnClass(SkillSets.class)
@ConditionalOnSkillsEnabled
@EnableConfigurationProperties(SkillSetsProperties.class)
public final class SkillSetsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SkillSets skillSets(SkillSetsProperties properties) {
		return properties.toSkillSets();
	}

}
