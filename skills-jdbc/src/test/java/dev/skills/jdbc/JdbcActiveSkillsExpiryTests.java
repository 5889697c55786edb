package dev.skills.jdbc;

import java.time.Duration;
import java.time.Instant;

import com.zaxxer.hikari.HikariDataSource;
import dev.skills.core.activation.ActiveSkill;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@ExtendWith(OutputCaptureExtension.class)
class JdbcActiveSkillsExpiryTests {

	private final HikariDataSource dataSource = TestDatabases.h2();

	private final TestClock clock = new TestClock(Instant.now());

	private final JdbcActiveSkillsRepository repository;

	JdbcActiveSkillsExpiryTests() {
		JdbcActiveSkillsSchema.create(this.dataSource, JdbcActiveSkillsDialect.h2(), "skills_active");
		this.repository = JdbcActiveSkillsRepository
			.builder(JdbcClient.create(this.dataSource), JdbcActiveSkillsDialect.h2())
			.ttl(Duration.ofHours(1))
			.clock(this.clock)
			.build();
	}

	@AfterEach
	void closeTheDatabase() {
		this.dataSource.close();
	}

	@Test
	void expiredConversationsAreDeletedOnABackgroundThread() {
		this.repository.activate("old", new ActiveSkill("pdf", Instant.EPOCH));
		this.clock.advance(Duration.ofMinutes(61));
		this.repository.activate("recent", new ActiveSkill("pdf", Instant.EPOCH));

		try (JdbcActiveSkillsExpiry expiry = new JdbcActiveSkillsExpiry(this.repository, Duration.ofMillis(50))) {
			await().atMost(Duration.ofSeconds(10)).until(() -> rows() == 1);
		}
		assertThat(this.repository.findAll(10)).containsOnlyKeys("recent");
	}

	@Test
	void aDatabaseThatStopsAnsweringIsReportedOnceNotOnEveryRun(CapturedOutput output) throws InterruptedException {
		this.dataSource.close();
		try (JdbcActiveSkillsExpiry expiry = new JdbcActiveSkillsExpiry(this.repository, Duration.ofMillis(20))) {
			await().atMost(Duration.ofSeconds(10)).until(() -> output.getAll().contains("Cannot delete expired"));
			Thread.sleep(200);
		}
		assertThat(output.getAll().split("Cannot delete expired active skills", -1)).hasSize(2);
	}

	@Test
	void runsEveryQuarterOfTheTimeToLiveBetweenOneSecondAndOneHour() {
		assertThat(JdbcActiveSkillsExpiry.intervalFor(Duration.ofDays(7))).isEqualTo(Duration.ofHours(1));
		assertThat(JdbcActiveSkillsExpiry.intervalFor(Duration.ofMinutes(20))).isEqualTo(Duration.ofMinutes(5));
		assertThat(JdbcActiveSkillsExpiry.intervalFor(Duration.ofSeconds(2))).isEqualTo(Duration.ofSeconds(1));
	}

	private long rows() {
		return JdbcClient.create(this.dataSource).sql("SELECT COUNT(*) FROM skills_active").query(Long.class).single();
	}

}
