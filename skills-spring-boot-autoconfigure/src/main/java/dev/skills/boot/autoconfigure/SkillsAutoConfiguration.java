package dev.skills.boot.autoconfigure;

import dev.skills.boot.SkillLocationsContributor;
import dev.skills.boot.SkillsReloadedEvent;
import dev.skills.boot.SkillsReloads;
import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.SkillConfig;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.activation.RemovedSkillsDeactivator;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * Auto-configuration of the skills themselves: the {@link SkillConfig} bound from
 * {@code skills.*}, the {@link SkillsRegistry} (discovered at start-up, watched while the
 * context runs when hot reload is on, closed with the context) and the
 * {@link ActiveSkillsRepository}. Every {@link SkillsListener} bean is registered with
 * the registry, and every reload that changed something is logged at INFO and published
 * as a {@link SkillsReloadedEvent}.
 */
@AutoConfiguration
@ConditionalOnSkillsEnabled
@EnableConfigurationProperties(SkillsProperties.class)
public final class SkillsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SkillConfig skillConfig(SkillsProperties properties, ObjectProvider<SkillLocationsContributor> contributors) {
		SkillsStartup.checkMode(properties);
		return SkillConfigMapping.toSkillConfig(properties,
				contributors.orderedStream().flatMap((contributor) -> contributor.locations().stream()).toList());
	}

	@Bean
	@ConditionalOnMissingBean
	SkillsRegistry skillsRegistry(SkillConfig skillConfig) {
		SkillsRegistry registry = SkillsRegistry.create(skillConfig);
		SkillsStartup.logLoaded(registry);
		return registry;
	}

	@Bean
	@ConditionalOnMissingBean
	ActiveSkillsRepository activeSkillsRepository(SkillsProperties properties, ResourceLoader resourceLoader) {
		ActiveSkillsStoreCheck.check(properties, resourceLoader.getClassLoader());
		return SkillsPropertyFailures.check(SkillsProperties.PREFIX + ".active-skills.max-conversations",
				() -> new InMemoryActiveSkillsRepository(properties.getActiveSkills().getMaxConversations()));
	}

	@Bean
	RemovedSkillsDeactivator removedSkillsDeactivator(ActiveSkillsRepository activeSkills) {
		return new RemovedSkillsDeactivator(activeSkills);
	}

	@Bean
	SkillsReloads skillsReloads(SkillsRegistry registry, ApplicationEventPublisher publisher) {
		return new SkillsReloads(registry, publisher);
	}

	@Bean
	SkillsListenerRegistrar skillsListenerRegistrar(SkillsRegistry registry,
			ConfigurableListableBeanFactory beanFactory) {
		return new SkillsListenerRegistrar(registry, beanFactory);
	}

}
