package dev.skills.core;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How long the work on hostile input may take, where bounded time is the behaviour under
 * test: work bounded by the input's size and the limits takes milliseconds, so a bound of
 * seconds fails only where the work is unbounded (a backtracking pattern, an alias bomb,
 * a read that blocks) and still holds on a loaded two-core machine.
 */
public final class Bounds {

	/** The most time one hostile input may take. */
	public static final Duration HOSTILE_INPUT = Duration.ofSeconds(5);

	private Bounds() {
	}

	/**
	 * Assert that the work started at {@code startNanos} took at most
	 * {@link #HOSTILE_INPUT}.
	 * @param startNanos {@link System#nanoTime()} when the work started
	 */
	public static void assertBounded(long startNanos) {
		assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(HOSTILE_INPUT);
	}

}
