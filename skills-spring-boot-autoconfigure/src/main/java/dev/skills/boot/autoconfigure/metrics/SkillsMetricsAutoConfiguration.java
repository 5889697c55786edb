package dev.skills.boot.autoconfigure.metrics;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.boot.catalog.autoconfigure.SkillsCatalogAutoConfiguration;
import dev.skills.boot.metrics.SkillsCatalogMetrics;
import dev.skills.boot.metrics.SkillsEmbeddingsMetrics;
import dev.skills.boot.metrics.SkillsMetrics;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code skills.*} meters.
 */
@AutoConfiguration(after = { SkillsAutoConfiguration.class, SkillsCatalogAutoConfiguration.class,
		MetricsAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class })
@ConditionalOnClass({ MeterRegistry.class, MetricsAutoConfiguration.class })
@ConditionalOnSkillsEnabled
@ConditionalOnBean({ SkillsRegistry.class, MeterRegistry.class })
public final class SkillsMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SkillsMetrics skillsMetrics(SkillsRegistry registry) {
		// A SkillsListener bean: SkillsAutoConfiguration registers it with the registry.
		return new SkillsMetrics(registry);
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(SkillCatalog.class)
	SkillsCatalogMetrics skillsCatalogMetrics(SkillCatalog catalog) {
		return new SkillsCatalogMetrics(catalog);
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(SkillsEmbeddings.class)
	SkillsEmbeddingsMetrics skillsEmbeddingsMetrics(SkillsEmbeddings embeddings) {
		return new SkillsEmbeddingsMetrics(embeddings);
	}

}
