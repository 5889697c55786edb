package dev.skills.boot.autoconfigure.metrics;

import java.nio.file.Path;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.metrics.SkillsMetrics;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.test.SkillFixtures;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class SkillsMetricsAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(MetricsAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
					CompositeMeterRegistryAutoConfiguration.class, SkillsAutoConfiguration.class,
					SkillsChatClientAutoConfiguration.class, SkillsMetricsAutoConfiguration.class));

	// Without Boot's metrics auto-configuration: the application brings its own
	// MeterRegistry.
	private final ApplicationContextRunner skillsOnlyRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsMetricsAutoConfiguration.class));

	@TempDir
	Path dir;

	private String skillsDir() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		return "skills.skills-dir=" + this.dir;
	}

	@Test
	void whenAMeterRegistryExistsThenSkillsMetersAreRegistered() {
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			assertThat(context).hasSingleBean(SkillsMetrics.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.get("skills.loaded").gauge().value()).isEqualTo(1.0);
			assertThat(meters.get("skills.diagnostics").tag("severity", "error").gauge().value()).isZero();
		});
	}

	@Test
	void whenObservationsAreAutoConfiguredThenToolMetersAreDerivedFromThem() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class))
			.withPropertyValues(skillsDir())
			.run((context) -> {
				context.getBean("skillsToolCallbackProvider", ToolCallbackProvider.class).getToolCallbacks()[0]
					.call("{\"skill_name\":\"pdf-processing\"}");
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				assertThat(meters.get("skills.activation")
					.tags("gen_ai.skill.name", "pdf-processing", "skills.outcome", "ok")
					.timer()
					.count()).isEqualTo(1);
				assertThat(meters.find("skills.activations").meters()).isEmpty();
			});
	}

	@Test
	void reloadIsTimed() {
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
			context.getBean(SkillsRegistry.class).reload();
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			await().untilAsserted(
					() -> assertThat(meters.find("skills.reload").tag("outcome", "success").timer()).isNotNull()
						.extracting(Timer::count)
						.isEqualTo(1L));
			assertThat(meters.get("skills.loaded").gauge().value()).isEqualTo(2.0);
		});
	}

	@Test
	void whenNoMeterRegistryExistsThenNoMetricsAreCreated() {
		this.skillsOnlyRunner.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SkillsMetrics.class));
	}

	@Test
	void whenAUserMeterRegistryExistsThenMetricsAreCreatedWithoutBootMetrics() {
		this.skillsOnlyRunner.withPropertyValues(skillsDir())
			.withBean(SimpleMeterRegistry.class, SimpleMeterRegistry::new)
			.run((context) -> assertThat(context).hasSingleBean(SkillsMetrics.class));
	}

	@Test
	void whenMicrometerIsNotOnTheClassPathThenNoMetricsAreCreated() {
		this.skillsOnlyRunner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.withPropertyValues(skillsDir())
			.withBean(SimpleMeterRegistry.class, SimpleMeterRegistry::new)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SkillsMetrics.class));
	}

	@Test
	void whenBootMetricsIsNotOnTheClassPathThenNoMetricsAreCreated() {
		this.skillsOnlyRunner.withClassLoader(new FilteredClassLoader(MetricsAutoConfiguration.class))
			.withPropertyValues(skillsDir())
			.withBean(SimpleMeterRegistry.class, SimpleMeterRegistry::new)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SkillsMetrics.class));
	}

	@Test
	void whenSkillsDisabledThenNoMetricsAreCreated() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(SkillsMetrics.class);
			assertThat(context.getBean(MeterRegistry.class).find("skills.loaded").gauge()).isNull();
		});
	}

	@Test
	void whenSkillsDisabledAndTheApplicationHasItsOwnRegistryThenNoMetricsAreCreated() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false")
			.withBean(SkillsRegistry.class,
					() -> SkillsRegistry.create(SkillConfig.builder().skillsDir(this.dir.toString()).build()))
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(SkillsMetrics.class);
				assertThat(context.getBean(MeterRegistry.class).find("skills.loaded").gauge()).isNull();
			});
	}

	@Test
	void whenUserDefinesSkillsMetricsThenAutoConfiguredOneBacksOff() {
		SkillsMetrics mine = new SkillsMetrics(
				SkillsRegistry.create(SkillConfig.builder().skillsDir(this.dir.resolve("none").toString()).build()));
		this.contextRunner.withPropertyValues(skillsDir()).withBean(SkillsMetrics.class, () -> mine).run((context) -> {
			assertThat(context.getBean(SkillsMetrics.class)).isSameAs(mine);
			// The user's metrics watch an empty registry: the auto-configured ones would
			// count 1.
			assertThat(context.getBean(MeterRegistry.class).get("skills.loaded").gauge().value()).isZero();
		});
	}

}
