package dev.skills.jdbc;

/**
 * PostgreSQL: the primary key decides which of two racing inserts wins; the loser only
 * marks the conversation as used, so the first activation time stays.
 */
final class PostgresActiveSkillsDialect implements JdbcActiveSkillsDialect {

	static final PostgresActiveSkillsDialect INSTANCE = new PostgresActiveSkillsDialect();

	@Override
	public String platform() {
		return "postgresql";
	}

	@Override
	public String upsertSql(String table) {
		return "INSERT INTO " + table + " AS t (conversation_id, skill_name, activated_at, last_used_at) "
				+ "VALUES (?, ?, ?, ?) ON CONFLICT (conversation_id, skill_name) "
				+ "DO UPDATE SET last_used_at = GREATEST(t.last_used_at, EXCLUDED.last_used_at)";
	}

}
