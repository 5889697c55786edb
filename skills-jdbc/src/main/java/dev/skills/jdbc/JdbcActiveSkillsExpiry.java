package dev.skills.jdbc;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Deletes expired conversations of a {@link JdbcActiveSkillsRepository} on a background
 * thread, never on a request's path: each run is one delete statement.
 */
public final class JdbcActiveSkillsExpiry implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(JdbcActiveSkillsExpiry.class);

	private static final Duration MIN_INTERVAL = Duration.ofSeconds(1);

	private static final Duration MAX_INTERVAL = Duration.ofHours(1);

	private final JdbcActiveSkillsRepository repository;

	private final ScheduledExecutorService executor;

	private volatile boolean failing;

	/**
	 * Start deleting expired conversations every {@code interval}.
	 * @param repository the repository
	 * @param interval the time between runs
	 */
	public JdbcActiveSkillsExpiry(JdbcActiveSkillsRepository repository, Duration interval) {
		this.repository = repository;
		this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "skills-active-expiry");
			thread.setDaemon(true);
			return thread;
		});
		long millis = interval.toMillis();
		this.executor.scheduleWithFixedDelay(this::run, millis, millis, TimeUnit.MILLISECONDS);
	}

	/**
	 * The time between runs for a time to live: a quarter of it, between one second and
	 * one hour.
	 * @param ttl the time to live
	 * @return the interval
	 */
	public static Duration intervalFor(Duration ttl) {
		Duration quarter = ttl.dividedBy(4);
		return (quarter.compareTo(MIN_INTERVAL) < 0) ? MIN_INTERVAL
				: (quarter.compareTo(MAX_INTERVAL) > 0) ? MAX_INTERVAL : quarter;
	}

	private void run() {
		try {
			int deleted = this.repository.deleteExpired();
			if (this.failing) {
				logger.info("Deleting expired active skills works again");
				this.failing = false;
			}
			if (deleted > 0 && logger.isDebugEnabled()) {
				logger.debug("Deleted " + deleted + " expired active skills");
			}
		}
		catch (RuntimeException ex) {
			// Logged once per failing spell, not on every run; the next run tries again.
			if (!this.failing) {
				logger.warn("Cannot delete expired active skills, will try again: " + ex.getMessage());
				this.failing = true;
			}
		}
	}

	/**
	 * Stop deleting; a run in progress finishes its statement.
	 */
	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
