package dev.skills.boot.autoconfigure.endpoint;

import java.nio.file.Path;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.endpoint.ActiveSkillsEndpoint;
import dev.skills.boot.endpoint.SkillsEndpoint;
import dev.skills.core.SkillConfig;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.usage.SkillUsage;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsEndpointAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsEndpointAutoConfiguration.class));

	@TempDir
	Path dir;

	private String[] exposed(String... more) {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		String[] properties = new String[more.length + 2];
		properties[0] = "skills.skills-dir=" + this.dir;
		properties[1] = "management.endpoints.web.exposure.include=skills,activeskills";
		System.arraycopy(more, 0, properties, 2, more.length);
		return properties;
	}

	@Test
	void whenEndpointsAreExposedThenBothEndpointsAreCreated() {
		this.contextRunner.withPropertyValues(exposed())
			.run((context) -> assertThat(context).hasSingleBean(SkillsEndpoint.class)
				.hasSingleBean(ActiveSkillsEndpoint.class)
				.hasSingleBean(SkillUsage.class));
	}

	@Test
	void whenEndpointsAreNotExposedThenNoEndpointIsCreated() {
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SkillsEndpoint.class)
				.doesNotHaveBean(ActiveSkillsEndpoint.class)
				.doesNotHaveBean(SkillUsage.class));
	}

	@Test
	void whenOnlySkillsIsExposedThenActiveSkillsEndpointIsNotCreated() {
		this.contextRunner
			.withPropertyValues("skills.skills-dir=" + this.dir, "management.endpoints.web.exposure.include=skills")
			.run((context) -> assertThat(context).hasSingleBean(SkillsEndpoint.class)
				.doesNotHaveBean(ActiveSkillsEndpoint.class));
	}

	@Test
	void whenEndpointAccessIsNoneThenThatEndpointIsNotCreated() {
		this.contextRunner.withPropertyValues(exposed("management.endpoint.skills.access=NONE"))
			.run((context) -> assertThat(context).doesNotHaveBean(SkillsEndpoint.class)
				.hasSingleBean(ActiveSkillsEndpoint.class));
	}

	@Test
	void whenActuatorIsNotOnTheClassPathThenNoEndpointIsCreated() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.withPropertyValues(exposed())
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(SkillsRegistry.class)
				.doesNotHaveBean(SkillsEndpoint.class)
				.doesNotHaveBean(ActiveSkillsEndpoint.class));
	}

	@Test
	void whenActuatorAutoConfigureIsNotOnTheClassPathThenNoEndpointIsCreated() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(ConditionalOnAvailableEndpoint.class))
			.withPropertyValues(exposed())
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SkillsEndpoint.class)
				.doesNotHaveBean(ActiveSkillsEndpoint.class));
	}

	@Test
	void whenSkillsDisabledThenNoEndpointIsCreated() {
		this.contextRunner.withPropertyValues(exposed("skills.enabled=false"))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SkillsEndpoint.class)
				.doesNotHaveBean(ActiveSkillsEndpoint.class));
	}

	@Test
	void whenSkillsDisabledAndTheApplicationHasItsOwnRegistryThenNoEndpointIsCreated() {
		this.contextRunner.withPropertyValues(exposed("skills.enabled=false"))
			.withBean(SkillsRegistry.class,
					() -> SkillsRegistry.create(SkillConfig.builder().skillsDir(this.dir.toString()).build()))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SkillsEndpoint.class)
				.doesNotHaveBean(ActiveSkillsEndpoint.class));
	}

	@Test
	void whenUserDefinesEndpointsThenAutoConfiguredOnesBackOff() {
		SkillsEndpoint skills = new SkillsEndpoint(
				SkillsRegistry.create(SkillConfig.builder().skillsDir(this.dir.toString()).build()), true);
		ActiveSkillsEndpoint active = new ActiveSkillsEndpoint(new InMemoryActiveSkillsRepository());
		this.contextRunner.withPropertyValues(exposed())
			.withBean(SkillsEndpoint.class, () -> skills)
			.withBean(ActiveSkillsEndpoint.class, () -> active)
			.run((context) -> {
				assertThat(context.getBean(SkillsEndpoint.class)).isSameAs(skills);
				assertThat(context.getBean(ActiveSkillsEndpoint.class)).isSameAs(active);
			});
	}

	@Test
	void whenShowInstructionsIsSetThenSkillDetailIncludesTheInstructions() {
		this.contextRunner.withPropertyValues(exposed("skills.endpoint.show-instructions=true"))
			.run((context) -> assertThat(context.getBean(SkillsEndpoint.class).skill("pdf-processing").instructions())
				.isEqualTo("Use the forms guide."));
	}

	@Test
	void whenShowInstructionsIsNotSetThenSkillDetailLeavesThemOut() {
		this.contextRunner.withPropertyValues(exposed())
			.run((context) -> assertThat(context.getBean(SkillsEndpoint.class).skill("pdf-processing").instructions())
				.isNull());
	}

}
