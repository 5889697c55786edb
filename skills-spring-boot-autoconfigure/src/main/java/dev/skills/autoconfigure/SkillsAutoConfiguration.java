package dev.skills.autoconfigure;

import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * Auto-configuration of the skills themselves: the {@link SkillConfig} bound from
 * {@code skills.*}, the {@link SkillsRegistry} (discovered at start-up, watched while the
 * context runs when hot reload is on, closed with the context) and the
 * {@link ActiveSkillsRepository}.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "skills.enabled", matchIfMissing = true)
@EnableConfigurationProperties(SkillsProperties.class)
public final class SkillsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SkillConfig skillConfig(SkillsProperties properties) {
		return properties.toSkillConfig();
	}

	@Bean
	@ConditionalOnMissingBean
	SkillsRegistry skillsRegistry(SkillConfig skillConfig, SkillsProperties properties) {
		SkillsRegistry registry = SkillsRegistry.create(skillConfig);
		if (properties.getValidation().isFailOnError()) {
			List<SkillDiagnostic> errors = registry.diagnostics().stream().filter(SkillDiagnostic::isError).toList();
			if (!errors.isEmpty()) {
				registry.close();
				throw new SkillsValidationException(errors);
			}
		}
		return registry;
	}

	@Bean
	@ConditionalOnMissingBean
	ActiveSkillsRepository activeSkillsRepository(SkillsProperties properties, ResourceLoader resourceLoader) {
		ActiveSkillsStoreCheck.check(properties, resourceLoader.getClassLoader());
		properties.checkMaxConversations();
		return new InMemoryActiveSkillsRepository(properties.getActiveSkills().getMaxConversations());
	}

}
