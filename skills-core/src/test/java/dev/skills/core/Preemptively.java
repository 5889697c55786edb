package dev.skills.core;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs test code on a thread of its own and fails the test when it does not finish in
 * time: a read that blocks (a FIFO, a catastrophic regex) must fail the test, not hang
 * the build.
 */
public final class Preemptively {

	private Preemptively() {
	}

	/**
	 * Run code that returns a value, failing after the timeout.
	 * @param <T> the value's type
	 * @param timeout the most time it may take
	 * @param code the code
	 * @return its value
	 */
	public static <T> T within(Duration timeout, Code<T> code) {
		ExecutorService executor = Executors.newSingleThreadExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "preemptively");
			thread.setDaemon(true);
			return thread;
		});
		try {
			Future<T> future = executor.submit(code::run);
			return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			throw new AssertionError("Did not finish within " + timeout);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (ex.getCause() instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		finally {
			executor.shutdownNow();
		}
	}

	/**
	 * Run code that returns nothing, failing after the timeout.
	 * @param timeout the most time it may take
	 * @param action the code
	 */
	public static void within(Duration timeout, Action action) {
		within(timeout, () -> {
			action.run();
			return null;
		});
	}

	/**
	 * Code that returns a value.
	 *
	 * @param <T> the value's type
	 */
	@FunctionalInterface
	public interface Code<T> {

		/**
		 * Run it.
		 * @return the value
		 * @throws Exception anything
		 */
		T run() throws Exception;

	}

	/**
	 * Code that returns nothing.
	 */
	@FunctionalInterface
	public interface Action {

		/**
		 * Run it.
		 * @throws Exception anything
		 */
		void run() throws Exception;

	}

}
