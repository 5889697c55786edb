package dev.skills.jdbc.embedding;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.skills.jdbc.JdbcActiveSkillsDialect;
import dev.skills.jdbc.JdbcActiveSkillsSchema;
import dev.skills.spring.ai.catalog.index.cache.EmbeddingCache;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * An {@link EmbeddingCache} in a table of the application's database (PostgreSQL or H2),
 * shared by every instance: a skill embedded by one is taken by the others, so a fleet
 * embeds each skill once per model and content. The table ({@value #DEFAULT_TABLE_NAME}
 * unless named otherwise: a key of 64 hex characters and the vector as little-endian
 * 32-bit floats) is created by the active skills schema scripts. Like every cache it
 * never fails its caller: when the database cannot be read or written, the index computes
 * the vectors and goes on, and one warning says so until the database answers again. It
 * is cut back to the vectors in use when it holds more than twice as many (and a thousand
 * more).
 */
public final class JdbcEmbeddingCache implements EmbeddingCache {

	/** The table name unless one is given. */
	public static final String DEFAULT_TABLE_NAME = "skills_embeddings";

	// Keys per statement: well below every driver's limit on parameters.
	private static final int CHUNK = 500;

	// A vector longer than any embedding model's is not one this cache wrote.
	private static final int MAX_DIMENSIONS = 16_384;

	private static final int SLACK = 1000;

	private static final Log logger = LogFactory.getLog(JdbcEmbeddingCache.class);

	private final JdbcTemplate jdbc;

	private final String table;

	private final String insertSql;

	private final AtomicBoolean failing = new AtomicBoolean();

	/**
	 * A cache in a table of a database.
	 * @param jdbc the database, its statements bounded by the template's query timeout
	 * @param dialect the database's dialect
	 * @param tableName the table, created by the schema scripts under
	 * {@value #DEFAULT_TABLE_NAME}
	 * @throws dev.skills.core.InvalidSkillSettingException unless the table name is a
	 * plain SQL identifier
	 */
	public JdbcEmbeddingCache(JdbcTemplate jdbc, JdbcActiveSkillsDialect dialect, String tableName) {
		this.jdbc = jdbc;
		this.table = JdbcActiveSkillsSchema.checkTableName(tableName);
		// Idempotent, so that instances racing to keep one vector both succeed.
		this.insertSql = dialect.platform().equals("h2")
				? "MERGE INTO " + this.table + " t USING (VALUES (CAST(? AS VARCHAR(64)), CAST(? AS VARBINARY))) "
						+ "s(cache_key, vector) ON t.cache_key = s.cache_key "
						+ "WHEN NOT MATCHED THEN INSERT (cache_key, vector) VALUES (s.cache_key, s.vector)"
				: "INSERT INTO " + this.table + " (cache_key, vector) VALUES (?, ?) ON CONFLICT (cache_key) DO NOTHING";
	}

	/**
	 * The statement that creates the table under a name (standard SQL that PostgreSQL and
	 * H2 both run).
	 * @param tableName the table name
	 * @return the statement
	 */
	public static String createTableSql(String tableName) {
		return "CREATE TABLE IF NOT EXISTS " + JdbcActiveSkillsSchema.checkTableName(tableName)
				+ " (cache_key VARCHAR(64) PRIMARY KEY, vector BYTEA NOT NULL)";
	}

	@Override
	public Map<String, float[]> get(Collection<String> keys) {
		Map<String, float[]> found = new HashMap<>();
		List<String> wanted = List.copyOf(new HashSet<>(keys));
		try {
			for (int from = 0; from < wanted.size(); from += CHUNK) {
				List<String> chunk = wanted.subList(from, Math.min(wanted.size(), from + CHUNK));
				this.jdbc.query("SELECT cache_key, vector FROM " + this.table + " WHERE cache_key IN ("
						+ placeholders(chunk.size()) + ")", (row) -> {
							float[] vector = vector(row.getBytes(2));
							if (vector != null) {
								found.put(row.getString(1), vector);
							}
						}, chunk.toArray());
			}
			recovered();
		}
		catch (DataAccessException ex) {
			failed(ex);
		}
		return found;
	}

	@Override
	public void put(Map<String, float[]> vectors) {
		if (vectors.isEmpty()) {
			return;
		}
		List<Object[]> rows = new ArrayList<>(vectors.size());
		vectors.forEach((key, vector) -> rows.add(new Object[] { key, bytes(vector) }));
		try {
			this.jdbc.batchUpdate(this.insertSql, rows);
			recovered();
		}
		catch (DataAccessException ex) {
			failed(ex);
		}
	}

	/**
	 * Delete the vectors not in use when the table holds more than twice as many as are
	 * (and a thousand more): instances of another version may still use some, and take
	 * them again from the model.
	 */
	@Override
	public void retain(Set<String> keys) {
		try {
			Long rows = this.jdbc.queryForObject("SELECT COUNT(*) FROM " + this.table, Long.class);
			if (rows == null || rows <= 2L * keys.size() + SLACK) {
				return;
			}
			List<String> unused = new ArrayList<>();
			this.jdbc.query("SELECT cache_key FROM " + this.table, (row) -> {
				String key = row.getString(1);
				if (!keys.contains(key)) {
					unused.add(key);
				}
			});
			for (int from = 0; from < unused.size(); from += CHUNK) {
				List<String> chunk = unused.subList(from, Math.min(unused.size(), from + CHUNK));
				this.jdbc.update(
						"DELETE FROM " + this.table + " WHERE cache_key IN (" + placeholders(chunk.size()) + ")",
						chunk.toArray());
			}
			recovered();
		}
		catch (DataAccessException ex) {
			failed(ex);
		}
	}

	private static String placeholders(int count) {
		return String.join(", ", Collections.nCopies(count, "?"));
	}

	private static byte[] bytes(float[] vector) {
		ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
		buffer.asFloatBuffer().put(vector);
		return buffer.array();
	}

	private static float @Nullable [] vector(byte @Nullable [] bytes) {
		if (bytes == null || bytes.length == 0 || bytes.length % Float.BYTES != 0
				|| bytes.length > MAX_DIMENSIONS * Float.BYTES) {
			return null;
		}
		float[] vector = new float[bytes.length / Float.BYTES];
		ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
		return vector;
	}

	private void failed(DataAccessException ex) {
		if (this.failing.compareAndSet(false, true)) {
			logger.warn("The embedding cache in table " + this.table + " cannot be used ("
					+ ex.getMostSpecificCause().getMessage()
					+ "); vectors are computed until it can: create the table with the active skills "
					+ "schema script, or check the database");
		}
	}

	private void recovered() {
		this.failing.set(false);
	}

}
