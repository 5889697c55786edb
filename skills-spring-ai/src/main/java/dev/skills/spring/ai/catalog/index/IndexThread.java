package dev.skills.spring.ai.catalog.index;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.jspecify.annotations.Nullable;

/**
 * The one thread the embedding index calls its model on, never a request's nor the
 * registry's listener thread: started by the first task, stopped a second after it ran
 * out of work, ended by {@link #close()}. Tasks run one at a time in the order given; a
 * task may be run again after a delay (a retry).
 */
final class IndexThread implements AutoCloseable {

	private final String name;

	private final ScheduledThreadPoolExecutor executor;

	private volatile Future<?> last = CompletableFuture.completedFuture(null);

	IndexThread(String name) {
		this.name = name;
		this.executor = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, name);
			thread.setDaemon(true);
			return thread;
		});
		// A task still waiting for its delay keeps the thread: it does not idle out.
		this.executor.setKeepAliveTime(1, TimeUnit.SECONDS);
		this.executor.allowCoreThreadTimeOut(true);
	}

	String name() {
		return this.name;
	}

	// Run a task after those given before; await() waits for it. Nothing runs once
	// closed.
	synchronized void run(Runnable task) {
		Future<?> scheduled = schedule(task, Duration.ZERO);
		if (scheduled != null) {
			this.last = scheduled;
		}
	}

	// Run a task after a delay, such as a retry; await() does not wait for it.
	synchronized void runLater(Runnable task, Duration delay) {
		schedule(task, delay);
	}

	// Whether every task given to run() so far is done within the timeout: they run in
	// order, so the last one is.
	boolean await(Duration timeout) {
		try {
			this.last.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException | ExecutionException | CancellationException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private @Nullable Future<?> schedule(Runnable task, Duration delay) {
		try {
			return this.executor.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			return null;
		}
	}

	@Override
	public void close() {
		synchronized (this) {
			this.executor.shutdownNow();
		}
		try {
			this.executor.awaitTermination(2, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
