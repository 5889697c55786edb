package dev.skills.jdbc;

import com.zaxxer.hikari.HikariDataSource;

/**
 * The JDBC store keeps the contract on PostgreSQL ({@code SKILLS_TEST_JDBC_URL}).
 */
@PostgresTest
class PostgresJdbcActiveSkillsRepositoryTests extends JdbcActiveSkillsRepositoryContract {

	@Override
	HikariDataSource dataSource() {
		return TestDatabases.postgres();
	}

}
