package dev.skills.boot.autoconfigure;

import java.util.List;

import dev.skills.boot.diagnostics.SkillsValidationException;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;

/**
 * Fails start-up, listing every error, when {@code skills.validation.fail-on-error} is
 * set and a skill cannot be loaded. The registry itself never fails for one bad skill.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnSkillsEnabled
@ConditionalOnBean(SkillsRegistry.class)
@ConditionalOnBooleanProperty("skills.validation.fail-on-error")
public final class SkillsValidationAutoConfiguration {

	@Bean
	SkillsValidator skillsValidator(SkillsRegistry registry) {
		return new SkillsValidator(registry);
	}

	/**
	 * Checks the registry's diagnostics once, when created.
	 */
	static final class SkillsValidator {

		SkillsValidator(SkillsRegistry registry) {
			List<SkillDiagnostic> errors = registry.diagnostics().stream().filter(SkillDiagnostic::isError).toList();
			if (!errors.isEmpty()) {
				throw new SkillsValidationException(errors);
			}
		}

	}

}
