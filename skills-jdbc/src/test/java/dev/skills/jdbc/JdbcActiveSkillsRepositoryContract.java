package dev.skills.jdbc;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariDataSource;
import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.ActiveSkillsRepositoryContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The {@link ActiveSkillsRepository} contract plus what a shared database adds:
 * idempotent writes under concurrency, expiry, the table name and key limits. Each
 * database runs it by saying how to connect.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class JdbcActiveSkillsRepositoryContract extends ActiveSkillsRepositoryContract {

	private HikariDataSource dataSource;

	private JdbcActiveSkillsDialect dialect;

	private final String table = TestDatabases.uniqueTableName();

	private TestClock clock;

	abstract HikariDataSource dataSource();

	@BeforeAll
	void createTable() {
		this.dataSource = dataSource();
		this.dialect = JdbcActiveSkillsDialect.from(this.dataSource);
		JdbcActiveSkillsSchema.create(this.dataSource, this.dialect, this.table);
	}

	@AfterAll
	void dropTable() {
		if (this.dataSource != null) {
			TestDatabases.drop(this.dataSource, this.table);
			this.dataSource.close();
		}
	}

	@Override
	protected JdbcActiveSkillsRepository repository() {
		jdbc().sql("DELETE FROM " + this.table).update();
		this.clock = new TestClock(Instant.now());
		return builder().build();
	}

	private JdbcActiveSkillsRepository.Builder builder() {
		return JdbcActiveSkillsRepository.builder(jdbc(), this.dialect).tableName(this.table).clock(this.clock);
	}

	private JdbcClient jdbc() {
		return JdbcClient.create(this.dataSource);
	}

	private long rows() {
		return jdbc().sql("SELECT COUNT(*) FROM " + this.table).query(Long.class).single();
	}

	@Test
	void theSchemaScriptCanRunAgainOnAnExistingTable() {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));

		JdbcActiveSkillsSchema.create(this.dataSource, this.dialect, this.table);

		assertThat(repository.findByConversationId("c1")).containsExactly(skill("pdf", 1));
	}

	@Test
	void aConversationUnusedForTheTimeToLiveIsNoLongerRead() {
		JdbcActiveSkillsRepository repository = repository();
		JdbcActiveSkillsRepository shortLived = builder().ttl(Duration.ofHours(1)).build();
		shortLived.activate("old", skill("pdf", 1));
		this.clock.advance(Duration.ofMinutes(59));
		shortLived.activate("recent", skill("pdf", 2));
		assertThat(shortLived.findAll(10)).containsOnlyKeys("recent", "old");

		this.clock.advance(Duration.ofMinutes(2));

		assertThat(shortLived.findByConversationId("old")).isEmpty();
		assertThat(shortLived.findByConversationId("recent")).containsExactly(skill("pdf", 2));
		assertThat(shortLived.findAll(10)).containsOnlyKeys("recent");
		assertThat(repository.findByConversationId("old")).containsExactly(skill("pdf", 1));
	}

	@Test
	void anActivationKeepsTheWholeConversationAlive() {
		repository();
		JdbcActiveSkillsRepository shortLived = builder().ttl(Duration.ofHours(1)).build();
		shortLived.activate("c1", skill("pdf", 1));
		this.clock.advance(Duration.ofMinutes(50));
		shortLived.activate("c1", skill("csv", 2));
		this.clock.advance(Duration.ofMinutes(50));

		assertThat(shortLived.deleteExpired()).isZero();
		assertThat(shortLived.findByConversationId("c1")).containsExactly(skill("pdf", 1), skill("csv", 2));
	}

	@Test
	void expiredConversationsAreDeletedAndOthersKept() {
		repository();
		JdbcActiveSkillsRepository shortLived = builder().ttl(Duration.ofHours(1)).build();
		for (int i = 0; i < 50; i++) {
			shortLived.activate("old-" + i, skill("pdf", 1));
			shortLived.activate("old-" + i, skill("csv", 2));
		}
		this.clock.advance(Duration.ofMinutes(30));
		shortLived.activate("old-0", skill("charts", 3));
		shortLived.activate("recent", skill("pdf", 4));
		this.clock.advance(Duration.ofMinutes(31));

		assertThat(shortLived.deleteExpired()).isEqualTo(98);

		assertThat(rows()).isEqualTo(4);
		assertThat(shortLived.findAll(100)).containsOnlyKeys("old-0", "recent");
		assertThat(shortLived.deleteExpired()).isZero();
	}

	@Test
	@Timeout(120)
	void deletingASkillEverywhereRemovesEveryRowOfItInOneCall() {
		JdbcActiveSkillsRepository repository = repository();
		// More rows than the old 100 batches of 1,000 could delete, which H2 also took
		// minutes over.
		int conversations = 100_001;
		String numbers = this.dialect.platform().equals("h2") ? "SELECT X AS n FROM SYSTEM_RANGE(1, ?)"
				: "SELECT n FROM generate_series(1, ?) AS n";
		jdbc()
			.sql("INSERT INTO " + this.table + " (conversation_id, skill_name, activated_at, last_used_at) "
					+ "SELECT CONCAT('c', CAST(n AS VARCHAR(20))), 'pdf', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM ("
					+ numbers + ") numbers")
			.param(conversations)
			.update();
		repository.activate("c1", skill("csv", 1));

		repository.deleteBySkillName("pdf");

		assertThat(rows()).isEqualTo(1);
		assertThat(repository.findByConversationId("c1")).containsExactly(skill("csv", 1));
	}

	@Test
	void beyondTheMostConversationsKeptTheLeastRecentlyUsedAreDeletedFirst() {
		repository();
		JdbcActiveSkillsRepository bounded = builder().maxConversations(3).build();
		for (int i = 0; i < 6; i++) {
			bounded.activate("c" + i, skill("pdf", i));
			bounded.activate("c" + i, skill("csv", i));
			this.clock.advance(Duration.ofSeconds(1));
		}
		// Used again: now the most recent.
		bounded.activate("c0", skill("charts", 9));

		bounded.deleteExpired();

		assertThat(bounded.findAll(100)).containsOnlyKeys("c0", "c5", "c4");
		assertThat(rows()).isEqualTo(7);
	}

	@Test
	void theListingOfManyConversationsReadsPagesAlongTheUseTime() {
		JdbcActiveSkillsRepository repository = repository();
		for (int i = 0; i < 400; i++) {
			repository.activate("c" + i, skill("pdf", 1));
			repository.activate("c" + i, skill("csv", 2));
			this.clock.advance(Duration.ofMillis(10));
		}

		Map<String, List<ActiveSkill>> newest = repository.findAll(300);

		assertThat(newest).hasSize(300);
		assertThat(newest.keySet()).startsWith("c399", "c398").endsWith("c100");
		assertThat(newest.get("c250")).containsExactly(skill("pdf", 1), skill("csv", 2));
	}

	@Test
	void theMostConversationsMustBePositive() {
		assertThatExceptionOfType(InvalidSkillSettingException.class).isThrownBy(() -> builder().maxConversations(0))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("maxConversations"));
	}

	@Test
	void racingActivationsOfOneSkillLeaveOneRowWithTheFirstTime() throws Exception {
		ActiveSkillsRepository repository = repository();
		repository.activate("c1", skill("pdf", 1));
		ExecutorService threads = Executors.newFixedThreadPool(16);
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (int i = 0; i < 200; i++) {
				int second = 2 + i;
				futures.add(threads.submit(() -> {
					repository.activate("c1", skill("pdf", second));
					repository.activate("c2", skill("csv", second));
				}));
			}
			for (Future<?> future : futures) {
				future.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(rows()).isEqualTo(2);
		assertThat(repository.findByConversationId("c1")).containsExactly(skill("pdf", 1));
		assertThat(repository.findByConversationId("c2")).hasSize(1);
	}

	@Test
	@Timeout(120)
	void manyThreadsInManyConversationsLoseNoActivationAndLeaveNoDuplicate() throws Exception {
		ActiveSkillsRepository repository = repository();
		Set<String> activated = ConcurrentActivations.run(List.of("pdf", "csv", "charts", "json", "xml"),
				(conversation, name, step) -> {
					repository.activate(conversation, skill(name, step));
					assertThat(repository.findByConversationId(conversation)).extracting(ActiveSkill::name)
						.contains(name);
				});
		assertThat(ConcurrentActivations.pairs(repository.findAll(1000))).isEqualTo(activated);
		assertThat(rows()).isEqualTo(activated.size());
	}

	@Test
	void keysTheDatabaseCannotStoreAreRejectedOnWriteAndFoundNowhere() {
		ActiveSkillsRepository repository = repository();
		String tooLong = "c".repeat(JdbcActiveSkillsRepository.MAX_KEY_LENGTH + 1);

		assertThatIllegalArgumentException().isThrownBy(() -> repository.activate("c1", skill(tooLong, 1)))
			.withMessageContaining("skill name is longer than 256 characters");
		assertThatIllegalArgumentException().isThrownBy(() -> repository.activate("c\0", skill("pdf", 1)))
			.withMessageContaining("NUL");
		assertThat(repository.findByConversationId("c\0")).isEmpty();
		repository.deactivate("c\0", "pdf");
		repository.deleteBySkillName("p\0");
		assertThat(rows()).isZero();
	}

	@Test
	void theTimeToLiveMustBePositiveAndTheRefusalNamesIt() {
		for (Duration ttl : List.of(Duration.ZERO, Duration.ofSeconds(-1))) {
			assertThatExceptionOfType(InvalidSkillSettingException.class).isThrownBy(() -> builder().ttl(ttl))
				.satisfies((ex) -> {
					assertThat(ex.getSetting()).isEqualTo("ttl");
					assertThat(ex.getValue()).isEqualTo(ttl);
					assertThat(ex.getReason()).isEqualTo("it must be positive");
				});
		}
	}

	@Test
	void aLongConversationIdIsKeptAsItsHashAsEveryStoreKeepsIt() {
		ActiveSkillsRepository repository = repository();
		String longId = "c".repeat(JdbcActiveSkillsRepository.MAX_KEY_LENGTH * 4);

		repository.activate(longId, skill("pdf", 1));

		assertThat(repository.findByConversationId(longId)).containsExactly(skill("pdf", 1));
		assertThat(repository.findAll(10)).containsOnlyKeys(ActiveSkillsRepository.conversationKey(longId));
		repository.deleteByConversationId(longId);
		assertThat(rows()).isZero();
	}

	@Test
	void theTableNameMustBeAPlainIdentifier() {
		for (String name : List.of("", "1abc", "skills; DROP TABLE x", "public.skills", "\"quoted\"", "a".repeat(64))) {
			assertThatIllegalArgumentException().isThrownBy(() -> builder().tableName(name))
				.withMessageContaining("plain SQL identifier");
		}
	}

}
