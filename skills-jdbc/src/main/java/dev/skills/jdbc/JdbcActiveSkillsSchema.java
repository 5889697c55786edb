package dev.skills.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import dev.skills.core.InvalidSkillSettingException;

import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

/**
 * The table of active skills: its name rule and the schema scripts on the class path
 * ({@code dev/skills/jdbc/schema-postgresql.sql}, {@code schema-h2.sql}), which create it
 * under any valid name.
 */
public final class JdbcActiveSkillsSchema {

	/** The table name unless one is configured. */
	public static final String DEFAULT_TABLE_NAME = "skills_active";

	// An unquoted identifier: it is written into SQL, and PostgreSQL cuts names at 63
	// bytes.
	private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

	private static final Pattern DEFAULT_NAME = Pattern.compile("\\b" + DEFAULT_TABLE_NAME);

	private JdbcActiveSkillsSchema() {
	}

	/**
	 * Check a table name.
	 * @param tableName the name
	 * @return the name
	 * @throws InvalidSkillSettingException unless it is a plain SQL identifier of at most
	 * 63 characters (letters, digits, underscores; no schema prefix, no quotes)
	 */
	public static String checkTableName(String tableName) {
		if (!TABLE_NAME.matcher(tableName).matches()) {
			throw new InvalidSkillSettingException("tableName", tableName,
					"it must be a plain SQL identifier of at most 63 letters, digits and underscores, not starting "
							+ "with a digit",
					"a name such as " + DEFAULT_TABLE_NAME
							+ " (put a schema on the connection's search path instead of in the name)");
		}
		return tableName;
	}

	/**
	 * The schema script of a database for a table name.
	 * @param dialect the database
	 * @param tableName the table name
	 * @return the SQL statements
	 */
	public static String script(JdbcActiveSkillsDialect dialect, String tableName) {
		checkTableName(tableName);
		try (InputStream in = new ClassPathResource(dialect.schemaLocation(),
				JdbcActiveSkillsSchema.class.getClassLoader())
			.getInputStream()) {
			String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			return DEFAULT_NAME.matcher(script).replaceAll(tableName);
		}
		catch (IOException ex) {
			throw new IllegalStateException("The schema script " + dialect.schemaLocation() + " is missing", ex);
		}
	}

	/**
	 * Whether the table exists with the columns the repository reads and writes.
	 * @param dataSource the database
	 * @param tableName the table name
	 * @return {@code false} when the database says there is no such table or column
	 * @throws org.springframework.dao.DataAccessException when the database cannot be
	 * asked
	 */
	public static boolean exists(DataSource dataSource, String tableName) {
		try {
			JdbcClient.create(dataSource)
				.sql("SELECT conversation_id, skill_name, activated_at, last_used_at FROM " + checkTableName(tableName)
						+ " WHERE 1 = 0")
				.query()
				.listOfRows();
			return true;
		}
		catch (BadSqlGrammarException ex) {
			return false;
		}
	}

	/**
	 * Create the table and its indexes unless they exist.
	 * @param dataSource the database
	 * @param dialect its dialect
	 * @param tableName the table name
	 */
	public static void create(DataSource dataSource, JdbcActiveSkillsDialect dialect, String tableName) {
		new ResourceDatabasePopulator(
				new ByteArrayResource(script(dialect, tableName).getBytes(StandardCharsets.UTF_8)))
			.execute(dataSource);
	}

}
