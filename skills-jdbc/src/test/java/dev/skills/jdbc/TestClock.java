package dev.skills.jdbc;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves one millisecond each time it is read (so that uses are strictly
 * ordered) and that a test can move forward.
 */
final class TestClock extends Clock {

	private final AtomicLong millis;

	TestClock(Instant start) {
		this.millis = new AtomicLong(start.toEpochMilli());
	}

	void advance(Duration duration) {
		this.millis.addAndGet(duration.toMillis());
	}

	@Override
	public Instant instant() {
		return Instant.ofEpochMilli(this.millis.incrementAndGet());
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException();
	}

}
