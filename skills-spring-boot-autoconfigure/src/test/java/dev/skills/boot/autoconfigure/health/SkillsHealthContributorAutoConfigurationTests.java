package dev.skills.boot.autoconfigure.health;

import java.nio.file.Path;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.health.SkillsHealthIndicator;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsHealthContributorAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsHealthContributorAutoConfiguration.class));

	@TempDir
	Path dir;

	private String skillsDir() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		return "skills.skills-dir=" + this.dir;
	}

	@Test
	void indicatorReportsTheSkills() {
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			assertThat(context).hasSingleBean(SkillsHealthIndicator.class).hasBean("skillsHealthIndicator");
			Health health = context.getBean(SkillsHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("skills", 1);
		});
	}

	@Test
	void disabledSkillsHealthMakesNone() {
		this.contextRunner.withPropertyValues(skillsDir(), "management.health.skills.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SkillsHealthIndicator.class));
	}

	@Test
	void disabledHealthDefaultsMakeNone() {
		this.contextRunner.withPropertyValues(skillsDir(), "management.health.defaults.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SkillsHealthIndicator.class));
	}

	@Test
	void enabledSkillsHealthOverridesDefaults() {
		this.contextRunner
			.withPropertyValues(skillsDir(), "management.health.defaults.enabled=false",
					"management.health.skills.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(SkillsHealthIndicator.class));
	}

	@Test
	void noneWithoutTheHealthModule() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(SkillsRegistry.class)
				.doesNotHaveBean("skillsHealthIndicator"));
	}

	@Test
	void noneWithoutHealthAutoConfigure() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(ConditionalOnEnabledHealthIndicator.class))
			.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("skillsHealthIndicator"));
	}

	@Test
	void noneWhenSkillsAreDisabled() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("skillsHealthIndicator"));
	}

	@Test
	void noneWhenDisabledWithOwnRegistry() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false")
			.withBean(SkillsRegistry.class,
					() -> SkillsRegistry.create(SkillConfig.builder().skillsDir(this.dir.toString()).build()))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("skillsHealthIndicator"));
	}

	@Test
	void backsOffForTheUsersIndicator() {
		HealthIndicator mine = () -> Health.up().withDetail("mine", true).build();
		this.contextRunner.withPropertyValues(skillsDir())
			.withBean("skillsHealthIndicator", HealthIndicator.class, () -> mine)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SkillsHealthIndicator.class);
				assertThat(context.getBean("skillsHealthIndicator")).isSameAs(mine);
			});
	}

}
