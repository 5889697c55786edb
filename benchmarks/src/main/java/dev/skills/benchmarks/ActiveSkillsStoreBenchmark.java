package dev.skills.benchmarks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.jdbc.JdbcActiveSkillsDialect;
import dev.skills.jdbc.JdbcActiveSkillsRepository;
import dev.skills.jdbc.JdbcActiveSkillsSchema;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What an active-skill store costs a request: recording an activation and the per-request
 * lookup of a conversation's active skills, in memory and in PostgreSQL
 * ({@code SKILLS_TEST_JDBC_URL}, {@code SKILLS_TEST_JDBC_USERNAME},
 * {@code SKILLS_TEST_JDBC_PASSWORD}), with 1,000 and 10,000 conversations of three active
 * skills each already stored.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ActiveSkillsStoreBenchmark {

	/** The environment variable with the PostgreSQL JDBC URL. */
	static final String URL_VARIABLE = "SKILLS_TEST_JDBC_URL";

	private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	@Param({ "memory", "postgresql" })
	public String store;

	@Param({ "1000", "10000" })
	public int conversations;

	private HikariDataSource dataSource;

	private String table;

	private ActiveSkillsRepository repository;

	private final AtomicLong newConversations = new AtomicLong();

	@Setup(Level.Trial)
	public void fillTheStore() {
		if (this.store.equals("memory")) {
			this.repository = new InMemoryActiveSkillsRepository(this.conversations * 2);
		}
		else {
			HikariConfig config = new HikariConfig();
			config.setJdbcUrl(System.getenv(URL_VARIABLE));
			config.setUsername(System.getenv().getOrDefault("SKILLS_TEST_JDBC_USERNAME", "postgres"));
			config.setPassword(System.getenv().getOrDefault("SKILLS_TEST_JDBC_PASSWORD", ""));
			this.dataSource = new HikariDataSource(config);
			this.table = "skills_active_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
			JdbcActiveSkillsSchema.create(this.dataSource, JdbcActiveSkillsDialect.postgresql(), this.table);
			this.repository = JdbcActiveSkillsRepository
				.builder(JdbcClient.create(this.dataSource), JdbcActiveSkillsDialect.postgresql())
				.tableName(this.table)
				.build();
		}
		for (int i = 0; i < this.conversations; i++) {
			for (int skill = 0; skill < 3; skill++) {
				this.repository.activate("conversation-" + i, new ActiveSkill(SkillTrees.name(skill), T0));
			}
		}
	}

	@TearDown(Level.Trial)
	public void dropTheTable() {
		if (this.dataSource != null) {
			JdbcClient.create(this.dataSource).sql("DROP TABLE " + this.table).update();
			this.dataSource.close();
		}
	}

	/**
	 * {@code activate_skill} records a skill in a conversation that has none yet.
	 */
	@Benchmark
	public void recordActivation() {
		this.repository.activate("new-" + this.newConversations.incrementAndGet(),
				new ActiveSkill(SkillTrees.name(1), T0));
	}

	/**
	 * The advisor reads a conversation's active skills on every request.
	 * @return the skills
	 */
	@Benchmark
	public List<ActiveSkill> lookUpConversation() {
		return this.repository
			.findByConversationId("conversation-" + ThreadLocalRandom.current().nextInt(this.conversations));
	}

	/**
	 * Run both stores and describe the figures, or say why PostgreSQL cannot be measured.
	 * @return the report lines
	 * @throws RunnerException when JMH fails
	 */
	static String report() throws RunnerException {
		String url = System.getenv(URL_VARIABLE);
		if (url == null || url.isBlank()) {
			return "Active-skill stores: not measured, set " + URL_VARIABLE
					+ " to a PostgreSQL database (docs/development.md: Running the PostgreSQL tests)\n";
		}
		Collection<RunResult> results = new Runner(
				new OptionsBuilder().include(ActiveSkillsStoreBenchmark.class.getName() + "\\.")
					.addProfiler(GCProfiler.class)
					.shouldFailOnError(true)
					.build())
			.run();
		List<String> lines = new ArrayList<>();
		for (RunResult result : results) {
			String method = result.getParams().getBenchmark();
			Result<?> primary = result.getPrimaryResult();
			Result<?> allocation = result.getSecondaryResults().get("gc.alloc.rate.norm");
			lines.add(String.format(Locale.ROOT,
					"%-20s %-10s %6s conversations: median %8.1f us, p99 %8.1f us, %7.0f B/op",
					method.substring(method.lastIndexOf('.') + 1), result.getParams().getParam("store"),
					result.getParams().getParam("conversations"), primary.getStatistics().getPercentile(50),
					primary.getStatistics().getPercentile(99),
					(allocation != null) ? allocation.getScore() : Double.NaN));
		}
		lines.sort(null);
		return "Active-skill stores (PostgreSQL on " + url.replaceAll("//[^/]*@", "//") + "):\n"
				+ String.join("\n", lines) + "\n";
	}

}
