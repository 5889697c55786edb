package dev.skills.boot.jdbc;

import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * Start-up found no active skills table in the database and was not asked to create it:
 * without it every chat would fail.
 */
public class ActiveSkillsTableMissingException extends RuntimeException {

	private final String tableName;

	private final String script;

	private final DatabaseInitializationMode mode;

	/**
	 * Create the exception.
	 * @param tableName the table that is missing
	 * @param script the class path location of the schema script for the database
	 * @param mode the configured {@code initialize-schema}
	 */
	public ActiveSkillsTableMissingException(String tableName, String script, DatabaseInitializationMode mode) {
		super("The active skills table '" + tableName + "' does not exist and skills.active-skills.jdbc."
				+ "initialize-schema is " + mode.name().toLowerCase(java.util.Locale.ROOT)
				+ ", which does not create it in this database");
		this.tableName = tableName;
		this.script = script;
		this.mode = mode;
	}

	/**
	 * The table that is missing.
	 * @return the table name
	 */
	public String getTableName() {
		return this.tableName;
	}

	/**
	 * The schema script that creates it.
	 * @return a class path location such as {@code dev/skills/jdbc/schema-postgresql.sql}
	 */
	public String getScript() {
		return this.script;
	}

	/**
	 * The configured {@code initialize-schema}.
	 * @return the mode
	 */
	public DatabaseInitializationMode getMode() {
		return this.mode;
	}

}
