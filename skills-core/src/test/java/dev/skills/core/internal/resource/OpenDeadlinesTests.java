package dev.skills.core.internal.resource;

import java.nio.channels.SeekableByteChannel;
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
 * A deadline that is not disarmed in time releases its open once; a disarmed one never
 * does, and the sweep stops and starts again with the opens.
 */
class OpenDeadlinesTests {

	private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

	private final OpenDeadlines deadlines = new OpenDeadlines(this.scheduler, Duration.ofMillis(50));

	@AfterEach
	void stop() {
		this.scheduler.shutdownNow();
	}

	@Test
	void whenAnOpenOutlivesItsDeadlineThenItIsReleasedOnce() throws Exception {
		CountDownLatch released = new CountDownLatch(1);
		AtomicInteger releases = new AtomicInteger();

		this.deadlines.arm(() -> {
			releases.incrementAndGet();
			released.countDown();
			throw new IllegalStateException("nothing to open in this test");
		});

		assertThat(released.await(2, TimeUnit.SECONDS)).isTrue();
		Thread.sleep(3 * OpenDeadlines.SWEEP_INTERVAL.toMillis());
		assertThat(releases).hasValue(1);
	}

	@Test
	void whenTheOpenReturnsInTimeThenNothingIsReleased() throws Exception {
		AtomicInteger releases = new AtomicInteger();

		for (int i = 0; i < 1000; i++) {
			this.deadlines.arm(() -> {
				releases.incrementAndGet();
				return (SeekableByteChannel) null;
			}).disarm();
		}

		Thread.sleep(3 * OpenDeadlines.SWEEP_INTERVAL.toMillis());
		assertThat(releases).hasValue(0);
	}

	@Test
	void whenTheSweepStoppedForLackOfOpensThenALaterOpenIsStillReleased() throws Exception {
		this.deadlines.arm(() -> null).disarm();
		Thread.sleep(3 * OpenDeadlines.SWEEP_INTERVAL.toMillis());
		CountDownLatch released = new CountDownLatch(1);

		this.deadlines.arm(() -> {
			released.countDown();
			return null;
		});

		assertThat(released.await(2, TimeUnit.SECONDS)).isTrue();
	}

}
