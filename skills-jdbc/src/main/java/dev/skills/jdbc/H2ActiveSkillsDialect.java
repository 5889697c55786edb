package dev.skills.jdbc;

/**
 * H2: a standard {@code MERGE}. Two racing merges can both find no row; the loser's
 * duplicate key is retried by the repository and then only marks the conversation as
 * used.
 */
final class H2ActiveSkillsDialect implements JdbcActiveSkillsDialect {

	static final H2ActiveSkillsDialect INSTANCE = new H2ActiveSkillsDialect();

	@Override
	public String platform() {
		return "h2";
	}

	@Override
	public String upsertSql(String table) {
		return "MERGE INTO " + table + " t USING (VALUES (CAST(? AS VARCHAR(256)), CAST(? AS VARCHAR(256)), "
				+ "CAST(? AS TIMESTAMP WITH TIME ZONE), CAST(? AS TIMESTAMP WITH TIME ZONE))) "
				+ "AS s(conversation_id, skill_name, activated_at, last_used_at) "
				+ "ON t.conversation_id = s.conversation_id AND t.skill_name = s.skill_name "
				+ "WHEN MATCHED THEN UPDATE SET last_used_at = GREATEST(t.last_used_at, s.last_used_at) "
				+ "WHEN NOT MATCHED THEN INSERT (conversation_id, skill_name, activated_at, last_used_at) "
				+ "VALUES (s.conversation_id, s.skill_name, s.activated_at, s.last_used_at)";
	}

}
