package dev.skills.jdbc.embedding;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import com.zaxxer.hikari.HikariDataSource;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.jdbc.JdbcActiveSkillsDialect;
import dev.skills.jdbc.PostgresTest;
import dev.skills.jdbc.TestDatabases;
import dev.skills.spring.ai.catalog.index.EmbeddingSkillIndex;
import dev.skills.spring.ai.catalog.index.EmbeddingStatus;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skills index's vectors in a table of the test PostgreSQL
 * ({@code SKILLS_TEST_JDBC_URL}), a table of each test's own.
 */
@PostgresTest
@ExtendWith(OutputCaptureExtension.class)
class JdbcEmbeddingCacheTests {

	private final List<HikariDataSource> pools = new ArrayList<>();

	private final String table = TestDatabases.uniqueTableName().replace("skills_active_", "skills_embeddings_");

	private HikariDataSource dataSource;

	@BeforeEach
	void createTable() {
		this.dataSource = pool();
		JdbcClient.create(this.dataSource).sql(JdbcEmbeddingCache.createTableSql(this.table)).update();
	}

	@AfterEach
	void dropTable() {
		TestDatabases.drop(this.dataSource, this.table);
		this.pools.forEach(HikariDataSource::close);
	}

	@Test
	void secondInstanceEmbedsNothing(@TempDir Path skills) throws Exception {
		writeSkills(skills, 5);
		CountingModel model = new CountingModel();
		assertThat(start(skills, model, cache(pool())).computed()).isEqualTo(5);
		// Another instance: its own pool, cache and model, the same table.
		CountingModel second = new CountingModel();
		EmbeddingStatus status = start(skills, second, cache(pool()));
		assertThat(status.embedded()).isEqualTo(5);
		assertThat(status.computed()).isZero();
		// Only the probe that fingerprints the model: no skill text.
		assertThat(second.texts.get()).isEqualTo(1);
	}

	@Test
	void vectorsComeBackExactly() {
		float[] vector = { 0.25f, -1.5f, Float.MIN_VALUE, 3.0e7f };
		cache(this.dataSource).put(Map.of("k1", vector));
		assertThat(cache(pool()).get(List.of("k1", "k2"))).containsOnlyKeys("k1");
		assertThat(cache(pool()).get(List.of("k1")).get("k1")).containsExactly(vector);
	}

	@Test
	void racingPutsOfOneKeyBothKeep() {
		cache(this.dataSource).put(Map.of("k", new float[] { 1f }));
		cache(pool()).put(Map.of("k", new float[] { 2f }, "other", new float[] { 3f }));
		assertThat(cache(this.dataSource).get(List.of("k", "other"))).containsOnlyKeys("k", "other");
		assertThat(cache(this.dataSource).get(List.of("k")).get("k")).containsExactly(1f);
	}

	@Test
	void retainCutsUnusedWhenTooMany() {
		JdbcEmbeddingCache cache = cache(this.dataSource);
		Map<String, float[]> vectors = new HashMap<>();
		for (int i = 0; i < 1_010; i++) {
			vectors.put("k" + i, new float[] { i });
		}
		cache.put(vectors);
		cache.retain(Set.of("k1", "k2", "k3", "k4", "k5"));
		assertThat(rows()).isEqualTo(1_010);
		cache.retain(Set.of("k1", "k2"));
		assertThat(rows()).isEqualTo(2);
	}

	@Test
	void missingTableWarnsOnceAndGoesOn(CapturedOutput output) {
		JdbcEmbeddingCache cache = new JdbcEmbeddingCache(new JdbcTemplate(this.dataSource),
				JdbcActiveSkillsDialect.postgresql(), this.table + "_missing");
		cache.put(Map.of("k", new float[] { 1f }));
		assertThat(cache.get(List.of("k"))).isEmpty();
		cache.retain(Set.of("k"));
		assertThat(output.getOut().split("The embedding cache in table " + this.table + "_missing cannot be used", -1))
			.hasSize(2);
	}

	@Test
	void corruptVectorIsNotTaken() {
		JdbcClient.create(this.dataSource)
			.sql("INSERT INTO " + this.table + " (cache_key, vector) VALUES ('bad', ?)")
			.param(new byte[] { 1, 2, 3 })
			.update();
		assertThat(cache(this.dataSource).get(List.of("bad"))).isEmpty();
	}

	private EmbeddingStatus start(Path skills, EmbeddingModel model, JdbcEmbeddingCache cache) {
		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(skills.toString()).build());
				EmbeddingSkillIndex index = new EmbeddingSkillIndex(model, "counting", cache);
				SkillIndexUpdater updater = SkillIndexUpdater.start(registry, index)) {
			assertThat(updater.awaitCurrent(Duration.ofSeconds(30))).isTrue();
			assertThat(index.awaitEmbeddings(Duration.ofSeconds(30))).isTrue();
			return index.status();
		}
	}

	private JdbcEmbeddingCache cache(HikariDataSource dataSource) {
		return new JdbcEmbeddingCache(new JdbcTemplate(dataSource), JdbcActiveSkillsDialect.postgresql(), this.table);
	}

	private HikariDataSource pool() {
		HikariDataSource pool = TestDatabases.postgres();
		this.pools.add(pool);
		return pool;
	}

	private long rows() {
		return JdbcClient.create(this.dataSource).sql("SELECT COUNT(*) FROM " + this.table).query(Long.class).single();
	}

	private static void writeSkills(Path root, int count) throws Exception {
		for (int i = 0; i < count; i++) {
			Path folder = Files.createDirectories(root.resolve("skill-" + i));
			Files.writeString(folder.resolve("SKILL.md"),
					"---\nname: skill-" + i + "\ndescription: Does task " + i + ".\n---\nBody.\n");
		}
	}

	/**
	 * A deterministic embedding model that counts the texts it embeds.
	 */
	static final class CountingModel implements EmbeddingModel {

		final AtomicInteger texts = new AtomicInteger();

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			List<Embedding> embeddings = new ArrayList<>();
			for (String text : request.getInstructions()) {
				this.texts.incrementAndGet();
				embeddings
					.add(new Embedding(new float[] { text.length(), text.hashCode() % 97, 1f }, embeddings.size()));
			}
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return embed(document.getText());
		}

	}

}
