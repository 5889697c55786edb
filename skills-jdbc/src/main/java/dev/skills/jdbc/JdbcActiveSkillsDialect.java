package dev.skills.jdbc;

import java.sql.DatabaseMetaData;
import java.util.Locale;

import javax.sql.DataSource;

import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

/**
 * The SQL that differs between databases: the idempotent write of an activation and the
 * schema script. Everything else {@link JdbcActiveSkillsRepository} runs is standard SQL.
 */
public interface JdbcActiveSkillsDialect {

	/**
	 * The short name of the database, as in the schema script's file name.
	 * @return for example {@code postgresql}
	 */
	String platform();

	/**
	 * Insert an activation, or only mark the conversation as used when the skill is
	 * already active: one statement, safe when instances race. Parameters: conversation
	 * id, skill name, activation time, use time.
	 * @param table the table name
	 * @return the statement
	 */
	String upsertSql(String table);

	/**
	 * The class path location of this database's schema script, which creates the table
	 * under its default name {@value JdbcActiveSkillsSchema#DEFAULT_TABLE_NAME}.
	 * @return for example {@code dev/skills/jdbc/schema-postgresql.sql}
	 */
	default String schemaLocation() {
		return "dev/skills/jdbc/schema-" + platform() + ".sql";
	}

	/**
	 * PostgreSQL: {@code INSERT ... ON CONFLICT}.
	 * @return the dialect
	 */
	static JdbcActiveSkillsDialect postgresql() {
		return PostgresActiveSkillsDialect.INSTANCE;
	}

	/**
	 * H2: {@code MERGE ... USING}.
	 * @return the dialect
	 */
	static JdbcActiveSkillsDialect h2() {
		return H2ActiveSkillsDialect.INSTANCE;
	}

	/**
	 * The dialect of the database behind a data source.
	 * @param dataSource the data source
	 * @return the dialect
	 * @throws IllegalStateException when the database is not supported or does not answer
	 */
	static JdbcActiveSkillsDialect from(DataSource dataSource) {
		String product;
		try {
			product = JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName);
		}
		catch (MetaDataAccessException ex) {
			throw new IllegalStateException("Cannot tell which database keeps the active skills: " + ex.getMessage(),
					ex);
		}
		String name = product.toLowerCase(Locale.ROOT);
		if (name.contains("postgresql")) {
			return postgresql();
		}
		if (name.equals("h2")) {
			return h2();
		}
		throw new IllegalStateException("Active skills can be kept in PostgreSQL or H2, not in " + product
				+ ": use one of them, or give JdbcActiveSkillsRepository a JdbcActiveSkillsDialect of your own");
	}

}
