package dev.skills.boot.sources.autoconfigure.metrics;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.sources.autoconfigure.SkillsSourcesAutoConfiguration;
import dev.skills.boot.sources.metrics.SkillSourcesMetrics;
import dev.skills.sources.SourceRefresher;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code skills.sources.fetch} meters.
 */
@AutoConfiguration(after = { SkillsSourcesAutoConfiguration.class, MetricsAutoConfiguration.class,
		CompositeMeterRegistryAutoConfiguration.class })
@ConditionalOnClass({ SourceRefresher.class, MeterRegistry.class, MetricsAutoConfiguration.class })
@ConditionalOnSkillsEnabled
@ConditionalOnBean({ SourceRefresher.class, MeterRegistry.class })
public final class SkillsSourcesMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SkillSourcesMetrics skillSourcesMetrics(MeterRegistry registry) {
		return new SkillSourcesMetrics(registry);
	}

}
