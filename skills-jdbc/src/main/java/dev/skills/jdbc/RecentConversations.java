package dev.skills.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.core.activation.ActiveSkill;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The conversations of the table by last use: the newest ones for a listing, read along
 * the index on the use time instead of grouping the whole table, and the last use of the
 * conversation at a given rank, for the bound on their number.
 */
final class RecentConversations {

	// Rows read per page while walking the index: a conversation has a row per skill.
	private static final int PAGE = 500;

	private final JdbcClient jdbc;

	private final String byUse;

	private final String skillsOf;

	private final String useAtRank;

	RecentConversations(JdbcClient jdbc, String table) {
		this.jdbc = jdbc;
		this.byUse = "SELECT conversation_id FROM " + table
				+ " WHERE last_used_at >= ? ORDER BY last_used_at DESC, conversation_id LIMIT ? OFFSET ?";
		this.skillsOf = "SELECT conversation_id, skill_name, activated_at FROM " + table
				+ " WHERE conversation_id IN (%s) ORDER BY id";
		this.useAtRank = "SELECT last_used FROM (SELECT conversation_id, MAX(last_used_at) AS last_used FROM " + table
				+ " GROUP BY conversation_id) c ORDER BY last_used DESC LIMIT 1 OFFSET ?";
	}

	/**
	 * The most recently used conversations with their skills, newest first.
	 * @param since the oldest use that counts
	 * @param limit the most conversations
	 * @return conversation id to its skills, in activation order
	 */
	Map<String, List<ActiveSkill>> newest(OffsetDateTime since, int limit) {
		Map<String, List<ActiveSkill>> found = new LinkedHashMap<>();
		for (int offset = 0; found.size() < limit; offset += PAGE) {
			int[] rows = { 0 };
			this.jdbc.sql(this.byUse).params(since, PAGE, offset).query((RowCallbackHandler) (rs) -> {
				rows[0]++;
				if (found.size() < limit) {
					found.putIfAbsent(rs.getString(1), new ArrayList<>());
				}
			});
			if (rows[0] < PAGE) {
				break;
			}
		}
		if (found.isEmpty()) {
			return Map.of();
		}
		String marks = String.join(", ", Collections.nCopies(found.size(), "?"));
		this.jdbc.sql(this.skillsOf.formatted(marks))
			.params(new ArrayList<>(found.keySet()))
			.query((RowCallbackHandler) (rs) -> found.get(rs.getString(1))
				.add(new ActiveSkill(rs.getString(2), instant(rs, 3))));
		found.replaceAll((id, skills) -> List.copyOf(skills));
		return found;
	}

	/**
	 * The last use of the conversation at a rank, newest first; runs on the expiry
	 * thread, as it groups the whole table.
	 * @param rank 0 for the most recently used conversation
	 * @return the time, or {@code null} when there are not that many conversations
	 */
	@Nullable OffsetDateTime lastUseAt(int rank) {
		return this.jdbc.sql(this.useAtRank)
			.param(rank)
			.query((rs, row) -> rs.getObject(1, OffsetDateTime.class))
			.optional()
			.orElse(null);
	}

	private static java.time.Instant instant(ResultSet rs, int column) throws SQLException {
		return rs.getObject(column, OffsetDateTime.class).toInstant();
	}

}
