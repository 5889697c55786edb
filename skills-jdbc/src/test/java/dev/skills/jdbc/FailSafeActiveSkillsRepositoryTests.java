package dev.skills.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.zaxxer.hikari.HikariDataSource;
import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.activation.ActiveSkill;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The fail-safe store over a real JDBC store on H2, failed the ways a database fails: a
 * statement that errors (its table dropped) and one that never answers (its rows locked
 * by another transaction).
 */
@ExtendWith(OutputCaptureExtension.class)
class FailSafeActiveSkillsRepositoryTests {

	private static final ActiveSkill PDF = new ActiveSkill("pdf", Instant.parse("2026-01-01T00:00:00Z"));

	private final HikariDataSource dataSource = TestDatabases
		.pool("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=60000", "sa", "");

	private final String table = TestDatabases.uniqueTableName();

	private FailSafeActiveSkillsRepository store;

	@BeforeEach
	void createStore() {
		createTable();
		this.store = new FailSafeActiveSkillsRepository(
				JdbcActiveSkillsRepository.builder(JdbcClient.create(this.dataSource), JdbcActiveSkillsDialect.h2())
					.tableName(this.table)
					.build(),
				Duration.ofMillis(500));
	}

	@AfterEach
	void close() {
		this.store.close();
		this.dataSource.close();
	}

	@Test
	void passesCallsToAStoreThatAnswers() {
		this.store.activate("c1", PDF);
		this.store.activate("c2", PDF);
		assertThat(this.store.findByConversationId("c1")).containsExactly(PDF);
		assertThat(this.store.findAll(10)).containsOnlyKeys("c1", "c2");
		this.store.deactivate("c1", "pdf");
		this.store.deleteByConversationId("c2");
		assertThat(this.store.findAll(10)).isEmpty();
		assertThat(this.store.outage()).isEmpty();
		assertThat(this.store.delegate()).isInstanceOf(JdbcActiveSkillsRepository.class);
	}

	@Test
	void failedStoreAnswersEmptyAndWarnsOnce(CapturedOutput output) {
		this.store.activate("c1", PDF);
		dropTable();

		assertThat(this.store.findByConversationId("c1")).isEmpty();
		assertThat(this.store.findAll(10)).isEmpty();
		this.store.activate("c2", PDF);
		this.store.deleteBySkillName("pdf");

		assertThat(this.store.outage()).hasValueSatisfying((outage) -> {
			assertThat(outage.reason()).contains(this.table);
			assertThat(outage.since()).isBeforeOrEqualTo(Instant.now());
		});
		assertThat(output).containsOnlyOnce("The active-skill store (JdbcActiveSkillsRepository) failed");
	}

	@Test
	void outageSkipsTheStoreBetweenProbes() {
		dropTable();
		long failed = System.nanoTime();
		this.store.findByConversationId("c1");
		createTable();
		JdbcClient.create(this.dataSource)
			.sql("INSERT INTO " + this.table + " (conversation_id, skill_name, activated_at, last_used_at) "
					+ "VALUES ('c1', 'pdf', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
			.update();

		List<ActiveSkill> meanwhile = this.store.findByConversationId("c1");

		// The next probe is a second after the failure: a machine too busy to get here
		// sooner says nothing about skipping.
		Assumptions.assumeTrue(Duration.ofNanos(System.nanoTime() - failed).compareTo(Duration.ofMillis(900)) < 0);
		assertThat(meanwhile).isEmpty();
		assertThat(this.store.outage()).isPresent();
	}

	@Test
	void answerAfterAnOutageEndsIt(CapturedOutput output) {
		dropTable();
		this.store.findByConversationId("c1");
		assertThat(this.store.outage()).isPresent();
		createTable();

		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			this.store.activate("c1", PDF);
			assertThat(this.store.outage()).isEmpty();
		});
		assertThat(this.store.findByConversationId("c1")).extracting(ActiveSkill::name).containsExactly("pdf");
		assertThat(output).contains("answers again after an outage since");
	}

	@Test
	void stuckCallReturnsAtTheTimeout() throws SQLException {
		this.store.activate("c1", PDF);
		try (Connection lock = this.dataSource.getConnection()) {
			lock.setAutoCommit(false);
			try (Statement statement = lock.createStatement()) {
				statement.executeQuery("SELECT * FROM " + this.table + " FOR UPDATE").close();
			}
			long start = System.nanoTime();
			this.store.deleteByConversationId("c1");
			// The lock holds the delete for a minute: the call returned at its timeout.
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
			assertThat(this.store.outage())
				.hasValueSatisfying((outage) -> assertThat(outage.reason()).isEqualTo("no answer within 500 ms"));

			lock.commit();
		}
		// The call was not cancelled: its late answer ends the outage.
		await().atMost(Duration.ofSeconds(10)).until(() -> this.store.outage().isEmpty());
		assertThat(this.store.findByConversationId("c1")).isEmpty();
	}

	@Test
	void refusedKeyIsTheCallersError() {
		String unpaired = "c\uD800";
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.activate(unpaired, PDF))
			.withMessageContaining("unpaired surrogate");
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.findByConversationId(unpaired))
			.withMessageContaining("unpaired surrogate");
		assertThat(this.store.outage()).isEmpty();
	}

	@Test
	void refusesATimeoutThatIsNotPositive() {
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> new FailSafeActiveSkillsRepository(this.store.delegate(), Duration.ZERO))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("timeout"));
	}

	@Test
	void closeEndsItsThreads() {
		this.store.findByConversationId("c1");
		assertThat(storeThreads()).isNotEmpty();

		this.store.close();

		await().atMost(Duration.ofSeconds(10)).until(() -> storeThreads().isEmpty());
	}

	private static List<Thread> storeThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.isAlive() && thread.getName().startsWith("skills-active-store-"))
			.toList();
	}

	private void createTable() {
		JdbcActiveSkillsSchema.create(this.dataSource, JdbcActiveSkillsDialect.h2(), this.table);
	}

	private void dropTable() {
		TestDatabases.drop(this.dataSource, this.table);
	}

}
