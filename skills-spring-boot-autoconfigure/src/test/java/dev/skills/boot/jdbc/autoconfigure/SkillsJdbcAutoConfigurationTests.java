package dev.skills.boot.jdbc.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.StartupFailures;
import dev.skills.boot.autoconfigure.health.SkillsHealthContributorAutoConfiguration;
import dev.skills.boot.health.SkillsHealthIndicator;
import dev.skills.boot.jdbc.JdbcActiveSkillsSchemaInitializer;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.jdbc.FailSafeActiveSkillsRepository;
import dev.skills.jdbc.JdbcActiveSkillsExpiry;
import dev.skills.jdbc.JdbcActiveSkillsRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@ExtendWith(OutputCaptureExtension.class)
class SkillsJdbcAutoConfigurationTests {

	private static final ActiveSkill PDF = new ActiveSkill("pdf-processing", Instant.parse("2026-01-01T00:00:00Z"));

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, SkillsJdbcAutoConfiguration.class,
				SkillsAutoConfiguration.class, SkillsHealthContributorAutoConfiguration.class))
		.withPropertyValues("skills.skills-dir=does-not-exist", "spring.datasource.generate-unique-name=true");

	private final ApplicationContextRunner withoutDataSource = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsJdbcAutoConfiguration.class, SkillsAutoConfiguration.class))
		.withPropertyValues("skills.skills-dir=does-not-exist");

	@Test
	void jdbcStoreKeepsSkillsInTheTable() {
		this.contextRunner.withPropertyValues("skills.active-skills.store=jdbc").run((context) -> {
			assertThat(context).hasSingleBean(FailSafeActiveSkillsRepository.class)
				.hasSingleBean(JdbcActiveSkillsExpiry.class)
				.doesNotHaveBean(InMemoryActiveSkillsRepository.class);
			assertThat(context.getBean(FailSafeActiveSkillsRepository.class).delegate())
				.isInstanceOf(JdbcActiveSkillsRepository.class);
			context.getBean(ActiveSkillsRepository.class).activate("c1", PDF);
			assertThat(rows(context, "skills_active")).isEqualTo(1);
		});
	}

	@Test
	void defaultStoreIsMemoryWithADataSource() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(InMemoryActiveSkillsRepository.class)
			.doesNotHaveBean(FailSafeActiveSkillsRepository.class)
			.doesNotHaveBean(JdbcActiveSkillsSchemaInitializer.class));
	}

	@Test
	void tableNameIsCreatedAndUsed() {
		this.contextRunner
			.withPropertyValues("skills.active-skills.store=jdbc", "skills.active-skills.jdbc.table-name=my_skills")
			.run((context) -> {
				context.getBean(ActiveSkillsRepository.class).activate("c1", PDF);
				assertThat(rows(context, "my_skills")).isEqualTo(1);
			});
	}

	@Test
	void missingTableFailsNamingTheScript() {
		this.contextRunner
			.withPropertyValues("skills.active-skills.store=jdbc", "skills.active-skills.jdbc.initialize-schema=never")
			.run((context) -> {
				FailureAnalysis analysis = StartupFailures.analyze(context);
				assertThat(analysis.getDescription()).isEqualTo("The active skills table 'skills_active' does not "
						+ "exist and skills.active-skills.jdbc.initialize-schema is never, which does not create it "
						+ "in this database.");
				assertThat(analysis.getAction()).contains("dev/skills/jdbc/schema-h2.sql",
						"skills.active-skills.jdbc.initialize-schema=always");
			});
	}

	@Test
	void timeoutNotPositiveFails() {
		this.contextRunner.withPropertyValues("skills.active-skills.store=jdbc", "skills.active-skills.jdbc.timeout=0s")
			.run((context) -> assertThat(StartupFailures.invalidProperty(context).getName())
				.isEqualTo("skills.active-skills.jdbc.timeout"));
	}

	@Test
	void jdbcWithoutDataSourceFails() {
		this.withoutDataSource.withPropertyValues("skills.active-skills.store=jdbc").run((context) -> {
			InvalidConfigurationPropertyValueException failure = StartupFailures.invalidProperty(context);
			assertThat(failure.getName()).isEqualTo("skills.active-skills.store");
			assertThat(failure.getValue()).isEqualTo("jdbc");
			assertThat(failure.getReason())
				.startsWith("Active skills cannot be kept in a database: the application "
						+ "has no single DataSource bean. Add org.springframework.boot:spring-boot-starter-jdbc")
				.contains("spring.datasource.url", "or set skills.active-skills.store=memory");
		});
	}

	@Test
	void jdbcWithoutSkillsJdbcFails() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(JdbcActiveSkillsRepository.class))
			.withPropertyValues("skills.active-skills.store=jdbc")
			.run((context) -> {
				InvalidConfigurationPropertyValueException failure = StartupFailures.invalidProperty(context);
				assertThat(failure.getName()).isEqualTo("skills.active-skills.store");
				assertThat(failure.getReason()).contains("skills-jdbc module is not on the class path",
						"Add the dependency dev.skills:skills-jdbc");
			});
	}

	@Test
	void tableNameNotIdentifierFails() {
		this.contextRunner
			.withPropertyValues("skills.active-skills.store=jdbc",
					"skills.active-skills.jdbc.table-name=skills; DROP TABLE users")
			.run((context) -> assertThat(StartupFailures.analyze(context).getDescription()).isEqualTo(
					StartupFailures.invalidValue("skills.active-skills.jdbc.table-name", "skills; DROP TABLE users",
							"It must be a plain SQL identifier of at most 63 letters, digits and underscores, not "
									+ "starting with a digit. Set skills.active-skills.jdbc.table-name to a name such "
									+ "as skills_active (put a schema on the connection's search path instead of in "
									+ "the name).")));
	}

	@Test
	void ttlNotPositiveFails() {
		this.contextRunner.withPropertyValues("skills.active-skills.store=jdbc", "skills.active-skills.ttl=0s")
			.run((context) -> assertThat(StartupFailures.analyze(context).getDescription())
				.isEqualTo(StartupFailures.invalidValue("skills.active-skills.ttl", "0s",
						"It must be positive. Set skills.active-skills.ttl to a duration such as 7d.")));
	}

	@Test
	void stoppedDatabaseDegradesAndIsDown(CapturedOutput output) {
		this.contextRunner.withPropertyValues("skills.active-skills.store=jdbc").run((context) -> {
			SkillsHealthIndicator indicator = context.getBean(SkillsHealthIndicator.class);
			ActiveSkillsRepository repository = context.getBean(ActiveSkillsRepository.class);
			repository.activate("c1", PDF);
			Health up = indicator.health(true);
			assertThat(up.getStatus()).isEqualTo(Status.UP);
			assertThat(up.getDetails().get("activeSkills"))
				.isEqualTo(Map.of("store", "JdbcActiveSkillsRepository", "answers", true));

			context.getBean(HikariDataSource.class).close();

			assertThat(repository.findByConversationId("c1")).isEmpty();
			repository.activate("c2", PDF);
			assertThat(repository.findAll(10)).isEmpty();
			Health down = indicator.health(true);
			assertThat(down.getStatus()).isEqualTo(Status.DOWN);
			assertThat(down.getDetails().get("activeSkills"))
				.asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
				.containsEntry("store", "JdbcActiveSkillsRepository")
				.containsEntry("answers", false)
				.containsKeys("error", "since");
			assertThat(output).containsOnlyOnce("The active-skill store (JdbcActiveSkillsRepository) failed");
		});
	}

	@Test
	void healthNamesMemoryStoreWithoutQuery() {
		this.contextRunner.run((context) -> assertThat(
				context.getBean(SkillsHealthIndicator.class).health(true).getDetails().get("activeSkills"))
			.isEqualTo(Map.of("store", "InMemoryActiveSkillsRepository")));
	}

	@Test
	void expiredConversationsAreDeleted() {
		this.contextRunner.withPropertyValues("skills.active-skills.store=jdbc", "skills.active-skills.ttl=1s")
			.run((context) -> {
				ActiveSkillsRepository repository = context.getBean(ActiveSkillsRepository.class);
				repository.activate("c1", PDF);
				assertThat(rows(context, "skills_active")).isEqualTo(1);
				await().atMost(Duration.ofSeconds(10)).until(() -> rows(context, "skills_active") == 0);
			});
	}

	private static long rows(AssertableApplicationContext context, String table) {
		return JdbcClient.create(context.getBean(DataSource.class))
			.sql("SELECT COUNT(*) FROM " + table)
			.query(Long.class)
			.single();
	}

}
