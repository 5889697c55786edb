package dev.skills.boot.jdbc.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * Configuration properties of the database that keeps active skills
 * ({@code skills.active-skills.store=jdbc}).
 */
@ConfigurationProperties(SkillsJdbcProperties.PREFIX)
public class SkillsJdbcProperties {

	/** The prefix of every property. */
	public static final String PREFIX = "skills.active-skills.jdbc";

	/**
	 * When to create the active skills table at start-up: 'embedded' (only in an embedded
	 * database such as H2), 'always' or 'never' (the schema is managed elsewhere, for
	 * example by Flyway with the scripts in dev/skills/jdbc/).
	 */
	private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

	/**
	 * Name of the active skills table: a plain SQL identifier (letters, digits,
	 * underscores).
	 */
	// Written out (JdbcActiveSkillsSchema.DEFAULT_TABLE_NAME) so that the IDE metadata
	// shows it.
	private String tableName = "skills_active";

	/**
	 * The longest one call to the active skills table may take, connecting included; a
	 * chat whose call fails or takes longer goes on without the store.
	 */
	private Duration timeout = Duration.ofSeconds(2);

	/**
	 * Most conversations whose active skills the table keeps; beyond it the least
	 * recently used are deleted by the background expiry.
	 */
	private int maxConversations = 100_000;

	public int getMaxConversations() {
		return this.maxConversations;
	}

	public void setMaxConversations(int maxConversations) {
		this.maxConversations = maxConversations;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

	public DatabaseInitializationMode getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

	public String getTableName() {
		return this.tableName;
	}

	public void setTableName(String tableName) {
		this.tableName = tableName;
	}

}
