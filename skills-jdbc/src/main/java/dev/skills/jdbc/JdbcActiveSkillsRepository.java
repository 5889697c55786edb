package dev.skills.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps active skills in a database table, so that every application instance on the
 * database sees what a conversation activated on any of them. Activation is one
 * idempotent statement (racing instances leave one row with the first activation time);
 * reading a conversation is one query. A conversation not used (no activation) for the
 * time to live is expired: reads ignore it at once, and {@link #deleteExpired()} removes
 * its rows in one statement.
 * <p>
 * Create the table with {@link JdbcActiveSkillsSchema} or the schema scripts on the class
 * path.
 */
public final class JdbcActiveSkillsRepository implements ActiveSkillsRepository {

	/** The longest conversation id and skill name kept: the columns' width. */
	public static final int MAX_KEY_LENGTH = 256;

	/** How many conversations are kept unless configured. */
	public static final int DEFAULT_MAX_CONVERSATIONS = 100_000;

	/** How long an unused conversation is kept unless configured. */
	public static final Duration DEFAULT_TTL = Duration.ofDays(7);

	private final JdbcClient jdbc;

	private final Clock clock;

	private final Duration ttl;

	private final ActiveSkillsSql sql;

	private final RecentConversations recent;

	private final int maxConversations;

	private JdbcActiveSkillsRepository(Builder builder) {
		this.jdbc = builder.jdbc;
		this.clock = builder.clock;
		this.ttl = builder.ttl;
		this.sql = ActiveSkillsSql.of(builder.dialect, builder.tableName);
		this.recent = new RecentConversations(builder.jdbc, builder.tableName);
		this.maxConversations = builder.maxConversations;
	}

	/**
	 * Start building a repository on a data source, detecting its dialect.
	 * @param dataSource the database
	 * @return a builder
	 */
	public static Builder builder(DataSource dataSource) {
		return new Builder(JdbcClient.create(dataSource), JdbcActiveSkillsDialect.from(dataSource));
	}

	/**
	 * Start building a repository.
	 * @param jdbcClient the database
	 * @param dialect its dialect
	 * @return a builder
	 */
	public static Builder builder(JdbcClient jdbcClient, JdbcActiveSkillsDialect dialect) {
		return new Builder(jdbcClient, dialect);
	}

	@Override
	public void activate(String id, ActiveSkill skill) {
		String conversationId = ActiveSkillsRepository.conversationKey(id);
		checkKey("conversation id", conversationId);
		checkKey("skill name", skill.name());
		Object[] params = { conversationId, skill.name(), timestamp(skill.activatedAt()),
				timestamp(this.clock.instant()) };
		try {
			this.jdbc.sql(this.sql.upsert()).params(params).update();
		}
		catch (DuplicateKeyException ex) {
			// Another instance inserted the same row in between: now it matches, and only
			// the use time is written.
			this.jdbc.sql(this.sql.upsert()).params(params).update();
		}
	}

	@Override
	public List<ActiveSkill> findByConversationId(String id) {
		String conversationId = ActiveSkillsRepository.conversationKey(id);
		if (!storable(conversationId)) {
			return List.of();
		}
		List<ActiveSkill> skills = new ArrayList<>();
		Instant[] lastUsed = { Instant.MIN };
		this.jdbc.sql(this.sql.selectConversation()).param(conversationId).query((RowCallbackHandler) (rs) -> {
			skills.add(new ActiveSkill(rs.getString(1), instant(rs, 2)));
			Instant used = instant(rs, 3);
			if (used.isAfter(lastUsed[0])) {
				lastUsed[0] = used;
			}
		});
		return lastUsed[0].isBefore(cutoff()) ? List.of() : Collections.unmodifiableList(skills);
	}

	@Override
	public void deactivate(String id, String name) {
		String conversationId = ActiveSkillsRepository.conversationKey(id);
		if (!storable(conversationId) || !storable(name)) {
			return;
		}
		this.jdbc.sql(this.sql.deleteSkill()).params(conversationId, name).update();
	}

	@Override
	public void deleteBySkillName(String name) {
		if (!storable(name)) {
			return;
		}
		this.jdbc.sql(this.sql.deleteSkillEverywhere()).param(name).update();
	}

	@Override
	public void deleteByConversationId(String id) {
		String conversationId = ActiveSkillsRepository.conversationKey(id);
		if (!storable(conversationId)) {
			return;
		}
		this.jdbc.sql(this.sql.deleteConversation()).param(conversationId).update();
	}

	@Override
	public Map<String, List<ActiveSkill>> findAll(int limit) {
		if (limit <= 0) {
			return Map.of();
		}
		return this.recent.newest(timestamp(cutoff()), limit);
	}

	/**
	 * Delete the rows of conversations unused for longer than the time to live, and of
	 * the least recently used beyond the most conversations kept, in one statement.
	 * @return the number of rows deleted
	 */
	public int deleteExpired() {
		OffsetDateTime cutoff = timestamp(cutoff());
		OffsetDateTime oldestKept = this.recent.lastUseAt(this.maxConversations - 1);
		if (oldestKept != null && oldestKept.isAfter(cutoff)) {
			// Conversations last used at that very time stay: the bound is kept to within
			// ties.
			cutoff = oldestKept;
		}
		return this.jdbc.sql(this.sql.deleteExpired()).params(cutoff, cutoff).update();
	}

	private Instant cutoff() {
		return this.clock.instant().minus(this.ttl);
	}

	// What activate() refuses cannot be stored: reading or deleting it finds nothing.
	private static boolean storable(String key) {
		return key.length() <= MAX_KEY_LENGTH && key.indexOf('\0') < 0;
	}

	private static void checkKey(String what, String value) {
		if (value.length() > MAX_KEY_LENGTH) {
			throw new IllegalArgumentException("The " + what + " is longer than " + MAX_KEY_LENGTH + " characters ("
					+ value.length() + "): shorten or hash it");
		}
		if (value.indexOf('\0') >= 0) {
			throw new IllegalArgumentException("The " + what + " contains a NUL character, which databases refuse");
		}
	}

	// Databases keep microseconds: cut here so that what is read back equals what was
	// written.
	private static OffsetDateTime timestamp(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC);
	}

	private static Instant instant(ResultSet rs, int column) throws SQLException {
		return rs.getObject(column, OffsetDateTime.class).toInstant();
	}

	/**
	 * Builds a {@link JdbcActiveSkillsRepository}.
	 */
	public static final class Builder {

		private final JdbcClient jdbc;

		private final JdbcActiveSkillsDialect dialect;

		private String tableName = JdbcActiveSkillsSchema.DEFAULT_TABLE_NAME;

		private Duration ttl = DEFAULT_TTL;

		private Clock clock = Clock.systemUTC();

		private int maxConversations = DEFAULT_MAX_CONVERSATIONS;

		private Builder(JdbcClient jdbc, JdbcActiveSkillsDialect dialect) {
			this.jdbc = jdbc;
			this.dialect = dialect;
		}

		/**
		 * The table; {@value JdbcActiveSkillsSchema#DEFAULT_TABLE_NAME} unless set.
		 * @param tableName a plain SQL identifier
		 * @return this builder
		 */
		public Builder tableName(String tableName) {
			this.tableName = JdbcActiveSkillsSchema.checkTableName(tableName);
			return this;
		}

		/**
		 * How long a conversation is kept after its last activation; 7 days unless set.
		 * @param ttl a positive duration
		 * @return this builder
		 * @throws InvalidSkillSettingException when it is not positive
		 */
		public Builder ttl(Duration ttl) {
			if (ttl.isNegative() || ttl.isZero()) {
				throw new InvalidSkillSettingException("ttl", ttl, "it must be positive", "a duration such as 7d");
			}
			this.ttl = ttl;
			return this;
		}

		/**
		 * The most conversations kept; beyond it, the least recently used are deleted by
		 * {@link JdbcActiveSkillsRepository#deleteExpired()};
		 * {@value JdbcActiveSkillsRepository#DEFAULT_MAX_CONVERSATIONS} unless set.
		 * @param maxConversations a positive number
		 * @return this builder
		 * @throws InvalidSkillSettingException when it is not positive
		 */
		public Builder maxConversations(int maxConversations) {
			if (maxConversations <= 0) {
				throw new InvalidSkillSettingException("maxConversations", maxConversations,
						"it must be a positive number", "a positive number, for example " + DEFAULT_MAX_CONVERSATIONS);
			}
			this.maxConversations = maxConversations;
			return this;
		}

		/**
		 * The clock that times use and expiry.
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(Clock clock) {
			this.clock = clock;
			return this;
		}

		/**
		 * Build the repository.
		 * @return the repository
		 */
		public JdbcActiveSkillsRepository build() {
			return new JdbcActiveSkillsRepository(this);
		}

	}

}
