package dev.skills.boot.autoconfigure.endpoint;

import java.time.Clock;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsProperties;
import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.boot.endpoint.ActiveSkillsEndpoint;
import dev.skills.boot.endpoint.ActiveSkillsEndpointWebExtension;
import dev.skills.boot.endpoint.SkillsEndpoint;
import dev.skills.boot.endpoint.SkillsEndpointSources;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.usage.SkillUsage;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.EndpointExposure;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code skills} and {@code activeskills} actuator endpoints
 * ({@code skills.endpoint.*}), and of the {@link SkillUsage} the {@code skills} endpoint
 * shows.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnClass({ Endpoint.class, ConditionalOnAvailableEndpoint.class })
@ConditionalOnSkillsEnabled
@ConditionalOnBean(SkillsRegistry.class)
@EnableConfigurationProperties(SkillsEndpointProperties.class)
public final class SkillsEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint
	SkillsEndpoint skillsEndpoint(SkillsRegistry registry, SkillsProperties properties,
			SkillsEndpointProperties endpoint, ObjectProvider<SkillCatalog> catalog, ObjectProvider<SkillUsage> usage,
			ObjectProvider<SkillsEndpointSources> sources, ObjectProvider<SkillSets> sets,
			ObjectProvider<SkillsEmbeddings> embeddings) {
		return new SkillsEndpoint(registry, properties.getMode(), endpoint.isShowInstructions(),
				catalog.getIfAvailable(), usage.getIfAvailable(), sources.getIfAvailable(),
				sets.getIfAvailable(() -> SkillSets.NONE), embeddings.getIfAvailable());
	}

	// A listener of the skill tools and of the registry (both collected with the other
	// listener beans), and of the catalog.
	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint(SkillsEndpoint.class)
	SkillUsage skillUsage(SkillsRegistry registry, ObjectProvider<SkillCatalog> catalog) {
		SkillUsage usage = new SkillUsage(registry, Clock.systemUTC());
		catalog.ifAvailable((skills) -> skills.addListener(usage));
		return usage;
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint
	@ConditionalOnBean(ActiveSkillsRepository.class)
	ActiveSkillsEndpoint activeSkillsEndpoint(ActiveSkillsRepository repository) {
		return new ActiveSkillsEndpoint(repository);
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(ActiveSkillsEndpoint.class)
	@ConditionalOnAvailableEndpoint(exposure = EndpointExposure.WEB)
	ActiveSkillsEndpointWebExtension activeSkillsEndpointWebExtension(ActiveSkillsEndpoint endpoint) {
		return new ActiveSkillsEndpointWebExtension(endpoint);
	}

}
