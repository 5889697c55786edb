package dev.skills.sources;

import java.time.Duration;

/**
 * When one fetch or checkout must be over: {@code timeout} bounds it whole, whatever the
 * server sends and however slowly, not each read. Every wait of the fetch (an answer, a
 * byte of a body) waits at most until the deadline.
 */
public final class Deadline {

	private final Duration timeout;

	private final long end;

	private Deadline(Duration timeout) {
		this.timeout = timeout;
		this.end = System.nanoTime() + timeout.toNanos();
	}

	/**
	 * A deadline from now.
	 * @param timeout how long the work may take
	 * @return the deadline
	 */
	public static Deadline after(Duration timeout) {
		return new Deadline(timeout);
	}

	/**
	 * The time left.
	 * @return nanoseconds, zero once passed
	 */
	public long remainingNanos() {
		return Math.max(0, this.end - System.nanoTime());
	}

	/**
	 * Fail once the deadline passed.
	 * @throws FetchLimitException when it did
	 */
	public void check() throws FetchLimitException {
		if (remainingNanos() == 0) {
			throw passed();
		}
	}

	/**
	 * The exception that says the deadline passed.
	 * @return the exception, naming the timeout
	 */
	public FetchLimitException passed() {
		return new FetchLimitException("not done within the timeout of " + this.timeout.toMillis() + " ms");
	}

}
