package dev.skills.boot.jdbc;

import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.sql.DataSource;

import dev.skills.jdbc.JdbcActiveSkillsDialect;
import dev.skills.jdbc.JdbcActiveSkillsSchema;

import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;
import org.springframework.core.io.ByteArrayResource;

/**
 * Creates the active skills table at start-up as
 * {@code skills.active-skills.jdbc.initialize-schema} says, from the dialect's schema
 * script with the configured table name.
 */
public class JdbcActiveSkillsSchemaInitializer extends DataSourceScriptDatabaseInitializer {

	private final String script;

	/**
	 * Create the initializer.
	 * @param dataSource the database
	 * @param dialect its dialect
	 * @param tableName the table to create
	 * @param mode when to create it
	 */
	public JdbcActiveSkillsSchemaInitializer(DataSource dataSource, JdbcActiveSkillsDialect dialect, String tableName,
			DatabaseInitializationMode mode) {
		super(dataSource, settings(dialect, mode));
		this.script = JdbcActiveSkillsSchema.script(dialect, tableName);
	}

	private static DatabaseInitializationSettings settings(JdbcActiveSkillsDialect dialect,
			DatabaseInitializationMode mode) {
		DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
		settings.setSchemaLocations(List.of("classpath:" + dialect.schemaLocation()));
		settings.setMode(mode);
		return settings;
	}

	// The script on the class path names the default table: run it with the configured
	// name.
	@Override
	protected void runScripts(Scripts scripts) {
		ByteArrayResource named = new ByteArrayResource(this.script.getBytes(StandardCharsets.UTF_8),
				"active skills schema");
		super.runScripts(new Scripts(List.of(named)).continueOnError(scripts.isContinueOnError())
			.separator(scripts.getSeparator())
			.encoding(StandardCharsets.UTF_8));
	}

}
