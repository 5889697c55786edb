package dev.skills.core.internal.resource;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A deadline that is not disarmed in time runs its action once; a disarmed one never
 * does, and the sweep stops and starts again with the work.
 */
class OpenDeadlinesTests {

	private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

	private final OpenDeadlines deadlines = new OpenDeadlines(this.scheduler, Duration.ofMillis(50));

	@AfterEach
	void stop() {
		this.scheduler.shutdownNow();
	}

	@Test
	void whenWorkOutlivesItsDeadlineThenItsActionRunsOnce() throws Exception {
		CountDownLatch released = new CountDownLatch(1);
		AtomicInteger releases = new AtomicInteger();

		this.deadlines.arm(() -> {
			releases.incrementAndGet();
			released.countDown();
		});

		assertThat(released.await(2, TimeUnit.SECONDS)).isTrue();
		Thread.sleep(3 * OpenDeadlines.SWEEP_INTERVAL.toMillis());
		assertThat(releases).hasValue(1);
	}

	@Test
	void whenTheWorkIsDoneInTimeThenNothingRuns() throws Exception {
		AtomicInteger releases = new AtomicInteger();

		for (int i = 0; i < 1000; i++) {
			this.deadlines.arm(releases::incrementAndGet).disarm();
		}

		Thread.sleep(3 * OpenDeadlines.SWEEP_INTERVAL.toMillis());
		assertThat(releases).hasValue(0);
	}

	@Test
	void whenTheSweepStoppedForLackOfWorkThenALaterDeadlineStillRuns() throws Exception {
		this.deadlines.arm(() -> {
		}).disarm();
		Thread.sleep(3 * OpenDeadlines.SWEEP_INTERVAL.toMillis());
		CountDownLatch released = new CountDownLatch(1);

		this.deadlines.arm(released::countDown);

		assertThat(released.await(2, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void whenAnActionFailsThenLaterDeadlinesStillRun() throws Exception {
		CountDownLatch failed = new CountDownLatch(1);
		this.deadlines.arm(() -> {
			failed.countDown();
			throw new IllegalStateException("an action that fails");
		});
		assertThat(failed.await(2, TimeUnit.SECONDS)).isTrue();
		CountDownLatch released = new CountDownLatch(1);

		this.deadlines.arm(released::countDown);

		assertThat(released.await(2, TimeUnit.SECONDS)).isTrue();
	}

}
