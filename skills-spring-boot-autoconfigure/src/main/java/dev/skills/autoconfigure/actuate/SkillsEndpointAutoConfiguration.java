package dev.skills.autoconfigure.actuate;

import dev.skills.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.autoconfigure.SkillsAutoConfiguration;
import dev.skills.autoconfigure.SkillsProperties;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.EndpointExposure;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code skills} and {@code activeskills} actuator endpoints.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnClass({ Endpoint.class, ConditionalOnAvailableEndpoint.class })
@ConditionalOnSkillsEnabled
@ConditionalOnBean(SkillsRegistry.class)
public final class SkillsEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint
	SkillsEndpoint skillsEndpoint(SkillsRegistry registry, SkillsProperties properties,
			ObjectProvider<SkillCatalog> catalog, ObjectProvider<SkillsEndpointSources> sources) {
		return new SkillsEndpoint(registry, properties.getMode(), properties.getEndpoint().isShowInstructions(),
				catalog.getIfAvailable(), sources.getIfAvailable());
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
