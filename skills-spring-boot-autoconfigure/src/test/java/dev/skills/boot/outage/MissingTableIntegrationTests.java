package dev.skills.boot.outage;

import java.util.Map;

import dev.skills.boot.instances.ChatInstanceApplication;
import dev.skills.boot.jdbc.ActiveSkillsTableMissingException;
import dev.skills.jdbc.PostgresTest;
import dev.skills.jdbc.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * On PostgreSQL ({@code SKILLS_TEST_JDBC_URL}) with the default
 * {@code initialize-schema: embedded}, which creates nothing there, a missing table stops
 * start-up with an explanation instead of failing every chat.
 */
@PostgresTest
@ExtendWith(OutputCaptureExtension.class)
class MissingTableIntegrationTests {

	@Test
	void whenTheTableIsMissingOnPostgresThenStartUpFailsNamingTableScriptAndProperty(CapturedOutput output) {
		String table = TestDatabases.uniqueTableName();
		assertThatException()
			.isThrownBy(() -> new SpringApplicationBuilder(ChatInstanceApplication.class)
				.properties(Map.of("server.port", "0", "spring.datasource.url", TestDatabases.postgresUrl(),
						"spring.datasource.username", TestDatabases.postgresUsername(), "spring.datasource.password",
						TestDatabases.postgresPassword(), "skills.active-skills.store", "jdbc",
						"skills.active-skills.jdbc.table-name", table, "skills.skills-dir", "does-not-exist",
						"spring.ai.openai.api-key", "test", "spring.main.banner-mode", "off"))
				.run())
			.withRootCauseInstanceOf(ActiveSkillsTableMissingException.class);
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("The active skills table '" + table + "' does not exist and "
					+ "skills.active-skills.jdbc.initialize-schema is embedded")
			.contains("dev/skills/jdbc/schema-postgresql.sql")
			.contains("skills.active-skills.jdbc.initialize-schema=always");
	}

}
