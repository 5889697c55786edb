package dev.skills.jdbc;

import com.zaxxer.hikari.HikariDataSource;

/**
 * The JDBC store keeps the contract on H2.
 */
class H2JdbcActiveSkillsRepositoryTests extends JdbcActiveSkillsRepositoryContract {

	@Override
	HikariDataSource dataSource() {
		return TestDatabases.h2();
	}

}
