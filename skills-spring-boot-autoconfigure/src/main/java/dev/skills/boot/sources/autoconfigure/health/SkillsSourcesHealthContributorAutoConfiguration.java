package dev.skills.boot.sources.autoconfigure.health;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.sources.autoconfigure.SkillsSourcesAutoConfiguration;
import dev.skills.boot.sources.health.SkillSourcesHealthIndicator;
import dev.skills.sources.SourceRefresher;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code skillSources} health indicator
 * ({@code management.health.skillsources.enabled}).
 */
@AutoConfiguration(after = SkillsSourcesAutoConfiguration.class)
@ConditionalOnClass({ SourceRefresher.class, HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnSkillsEnabled
@ConditionalOnBean(SourceRefresher.class)
@ConditionalOnEnabledHealthIndicator("skillsources")
public final class SkillsSourcesHealthContributorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "skillSourcesHealthIndicator")
	SkillSourcesHealthIndicator skillSourcesHealthIndicator(SourceRefresher sources) {
		return new SkillSourcesHealthIndicator(sources);
	}

}
