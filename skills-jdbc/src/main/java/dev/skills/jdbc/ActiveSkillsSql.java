package dev.skills.jdbc;

/**
 * The statements of {@link JdbcActiveSkillsRepository} for one table: the dialect's
 * upsert, and standard SQL for the rest. Parameters are noted per statement.
 *
 * @param upsert conversation, skill, activation time, use time
 * @param selectConversation conversation; rows of skill, activation time, use time
 * @param deleteSkill conversation, skill
 * @param deleteConversation conversation
 * @param deleteSkillEverywhere skill
 * @param deleteExpired oldest use kept (twice)
 */
record ActiveSkillsSql(String upsert, String selectConversation, String deleteSkill, String deleteConversation,
		String deleteSkillEverywhere, String deleteExpired) {

	static ActiveSkillsSql of(JdbcActiveSkillsDialect dialect, String table) {
		String t = JdbcActiveSkillsSchema.checkTableName(table);
		return new ActiveSkillsSql(dialect.upsertSql(t),
				"SELECT skill_name, activated_at, last_used_at FROM " + t + " WHERE conversation_id = ? ORDER BY id",
				"DELETE FROM " + t + " WHERE conversation_id = ? AND skill_name = ?",
				"DELETE FROM " + t + " WHERE conversation_id = ?",
				// One statement each, through an index: batches of "IN (SELECT ... LIMIT
				// ?)" cost H2 time quadratic in the rows, and a cap on batches left rows
				// behind.
				"DELETE FROM " + t + " WHERE skill_name = ?",
				// A conversation expires whole, when none of its rows was used within the
				// time to live; the row's own condition spares a row that an activation
				// touched meanwhile.
				"DELETE FROM " + t + " WHERE last_used_at < ? AND NOT EXISTS (SELECT 1 FROM " + t + " r "
						+ "WHERE r.conversation_id = " + t + ".conversation_id AND r.last_used_at >= ?)");
	}

}
