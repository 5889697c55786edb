package dev.skills.boot.autoconfigure.health;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.boot.health.SkillsHealthIndicator;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.set.SkillSets;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code skills} health indicator
 * ({@code management.health.skills.enabled}).
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnSkillsEnabled
@ConditionalOnBean(SkillsRegistry.class)
@ConditionalOnEnabledHealthIndicator("skills")
public final class SkillsHealthContributorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "skillsHealthIndicator")
	SkillsHealthIndicator skillsHealthIndicator(SkillsRegistry registry,
			ObjectProvider<ActiveSkillsRepository> activeSkills, ObjectProvider<SkillSets> sets,
			ObjectProvider<SkillsEmbeddings> embeddings) {
		return new SkillsHealthIndicator(registry, activeSkills.getIfAvailable(),
				sets.getIfAvailable(() -> SkillSets.NONE), embeddings.getIfAvailable());
	}

}
