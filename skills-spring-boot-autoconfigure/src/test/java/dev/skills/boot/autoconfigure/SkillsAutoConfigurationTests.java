package dev.skills.boot.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import dev.skills.core.SkillConfig;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.SkillFixtures;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class));

	@TempDir
	Path dir;

	private String skillsDir() {
		return "skills.skills-dir=" + this.dir;
	}

	@Test
	void whenSkillsDirIsSetThenRegistryHoldsTheSkillsFoundThere() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			assertThat(context).hasSingleBean(SkillsRegistry.class)
				.hasSingleBean(SkillConfig.class)
				.hasSingleBean(ActiveSkillsRepository.class);
			SkillsRegistry registry = context.getBean(SkillsRegistry.class);
			assertThat(registry.names()).containsExactly("pdf-processing");
			assertThat(registry.config()).isSameAs(context.getBean(SkillConfig.class));
		});
	}

	@Test
	void whenNothingIsConfiguredThenDefaultLocationsAreSearched() {
		this.contextRunner.run((context) -> {
			SkillConfig config = context.getBean(SkillConfig.class);
			assertThat(config.skillsDir()).containsExactly(".agents/skills", SkillConfig.DEFAULT_LOCATION);
			// The built-in skill of skills-spring-ai is found on the classpath.
			assertThat(context.getBean(SkillsRegistry.class).get("skill-authoring"))
				.hasValueSatisfying((meta) -> assertThat(meta.builtin()).isTrue());
		});
	}

	@Test
	void whenSkillsDisabledThenNoRegistryIsCreated() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SkillsRegistry.class)
				.doesNotHaveBean(SkillConfig.class)
				.doesNotHaveBean(ActiveSkillsRepository.class)
				.doesNotHaveBean(SkillsProperties.class));
	}

	@Test
	void whenSpringAiIsNotOnTheClassPathThenTheRegistryIsStillCreated() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		this.contextRunner.withClassLoader(new FilteredClassLoader(ChatClient.class))
			.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context.getBean(SkillsRegistry.class).names())
				.containsExactly("pdf-processing"));
	}

	@Test
	void whenUserDefinesSkillsRegistryThenAutoConfiguredRegistryBacksOff() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		this.contextRunner.withPropertyValues(skillsDir())
			.withUserConfiguration(UserRegistryConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(SkillsRegistry.class);
				assertThat(context.getBean(SkillsRegistry.class)).isSameAs(context.getBean("userRegistry"));
				assertThat(context.getBean(SkillsRegistry.class).names()).isEmpty();
			});
	}

	@Test
	void whenUserDefinesSkillConfigThenItIsUsedInsteadOfTheProperties() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir.resolve("missing"))
			.withBean(SkillConfig.class, () -> SkillConfig.builder().skillsDir(this.dir.toString()).build())
			.run((context) -> {
				assertThat(context).hasSingleBean(SkillConfig.class);
				assertThat(context.getBean(SkillsRegistry.class).names()).containsExactly("pdf-processing");
			});
	}

	@Test
	void whenUserDefinesActiveSkillsRepositoryThenAutoConfiguredOneBacksOff() {
		ActiveSkillsRepository mine = new InMemoryActiveSkillsRepository(5);
		this.contextRunner.withPropertyValues(skillsDir())
			.withBean(ActiveSkillsRepository.class, () -> mine)
			.run((context) -> assertThat(context.getBean(ActiveSkillsRepository.class)).isSameAs(mine));
	}

	@Test
	void whenMaxConversationsIsSetThenTheRepositoryForgetsTheLeastRecentlyUsedBeyondIt() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.active-skills.max-conversations=2")
			.run((context) -> {
				ActiveSkillsRepository repository = context.getBean(ActiveSkillsRepository.class);
				for (String conversation : new String[] { "a", "b", "c" }) {
					repository.activate(conversation, new ActiveSkill("pdf-processing", Instant.EPOCH));
				}
				assertThat(repository.findAll(10)).containsOnlyKeys("c", "b");
			});
	}

	@Test
	void whenHotReloadIsOnThenTheRegistryWatchesUntilTheContextCloses() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		SkillsRegistry[] registry = new SkillsRegistry[1];
		this.contextRunner.withPropertyValues(skillsDir(), "skills.hot-reload=true").run((context) -> {
			registry[0] = context.getBean(SkillsRegistry.class);
			assertThat(registry[0].isWatching()).isTrue();
		});
		assertThat(registry[0].isWatching()).isFalse();
	}

	@Test
	void whenHotReloadIsOnThenASkillWrittenToDiskAppearsWithoutAReload() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		this.contextRunner.withPropertyValues(skillsDir(), "skills.hot-reload=true", "skills.watch.debounce=20ms")
			.run((context) -> {
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
				Awaitility.await()
					.atMost(Duration.ofSeconds(20))
					.untilAsserted(
							() -> assertThat(registry.names()).containsExactly("csv-cleaning", "pdf-processing"));
			});
	}

	@Test
	void whenHotReloadIsOffThenNoWatcherIsStarted() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		this.contextRunner.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context.getBean(SkillsRegistry.class).isWatching()).isFalse());
	}

	@Configuration(proxyBeanMethods = false)
	static class UserRegistryConfiguration {

		@Bean
		SkillsRegistry userRegistry() {
			return new SkillsRegistry(SkillConfig.builder().skillsDir(".").build());
		}

	}

}
