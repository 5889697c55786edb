package dev.skills.jdbc;

import java.util.UUID;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Assumptions;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.fail;

/**
 * The databases the JDBC tests run on: an in-memory H2, and the PostgreSQL named by
 * {@code SKILLS_TEST_JDBC_URL} (with {@code SKILLS_TEST_JDBC_USERNAME} and
 * {@code SKILLS_TEST_JDBC_PASSWORD}). Without that URL the PostgreSQL tests are skipped,
 * except in CI ({@code CI=true}), where they fail: CI must not pass without having run
 * them.
 */
public final class TestDatabases {

	/** The environment variable with the PostgreSQL JDBC URL. */
	public static final String URL_VARIABLE = "SKILLS_TEST_JDBC_URL";

	private TestDatabases() {
	}

	/**
	 * The PostgreSQL JDBC URL, or the test stops: skipped locally, failed in CI.
	 * @return the URL
	 */
	public static String postgresUrl() {
		if (!postgresConfigured()) {
			if (inCi()) {
				fail(notConfiguredReason());
			}
			Assumptions.abort(notConfiguredReason());
		}
		return System.getenv(URL_VARIABLE);
	}

	/**
	 * Whether {@value #URL_VARIABLE} names a database.
	 * @return {@code true} when it is set
	 */
	public static boolean postgresConfigured() {
		String url = System.getenv(URL_VARIABLE);
		return url != null && !url.isBlank();
	}

	static boolean inCi() {
		return "true".equalsIgnoreCase(System.getenv("CI"));
	}

	static String notConfiguredReason() {
		return URL_VARIABLE + " is not set: start PostgreSQL as the README's 'Running the "
				+ "PostgreSQL tests' section shows (or run .ci/run) to run the PostgreSQL tests";
	}

	/**
	 * The PostgreSQL user.
	 * @return the user name, {@code postgres} unless set
	 */
	public static String postgresUsername() {
		String user = System.getenv("SKILLS_TEST_JDBC_USERNAME");
		return (user != null && !user.isBlank()) ? user : "postgres";
	}

	/**
	 * The PostgreSQL password.
	 * @return the password, empty unless set
	 */
	public static String postgresPassword() {
		String password = System.getenv("SKILLS_TEST_JDBC_PASSWORD");
		return (password != null) ? password : "";
	}

	/**
	 * A pooled data source on the test PostgreSQL; the test stops when there is none.
	 * @return the data source, to be closed
	 */
	public static HikariDataSource postgres() {
		return pool(postgresUrl(), postgresUsername(), postgresPassword());
	}

	/**
	 * A pooled data source on a new in-memory H2 database.
	 * @return the data source, to be closed
	 */
	public static HikariDataSource h2() {
		return pool("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
	}

	/**
	 * A table name no other test uses, so that tests can share one database.
	 * @return the name
	 */
	public static String uniqueTableName() {
		return "skills_active_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
	}

	/**
	 * Drop a table made by a test.
	 * @param dataSource the database
	 * @param tableName the table
	 */
	public static void drop(DataSource dataSource, String tableName) {
		JdbcClient.create(dataSource)
			.sql("DROP TABLE IF EXISTS " + JdbcActiveSkillsSchema.checkTableName(tableName))
			.update();
	}

	/**
	 * A pooled data source.
	 * @param url the JDBC URL
	 * @param username the user
	 * @param password the password
	 * @return the data source, to be closed
	 */
	static HikariDataSource pool(String url, String username, String password) {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(url);
		config.setUsername(username);
		config.setPassword(password);
		config.setMaximumPoolSize(20);
		config.setPoolName("skills-test");
		return new HikariDataSource(config);
	}

}
