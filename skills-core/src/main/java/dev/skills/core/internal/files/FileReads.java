package dev.skills.core.internal.files;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.FileSystemException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Runs every read of a skill file on threads this object owns, so that no caller waits
 * longer than {@link #TIMEOUT} for one file. A file checked as regular may be swapped for
 * a FIFO before it is opened, and opening a FIFO waits for a writer in a system call that
 * nothing in Java interrupts. When a read outlives its time, the FIFO's other end is
 * opened (which releases an open while the FIFO is still in place); a read that is still
 * stuck then (the FIFO was unlinked again) is abandoned: its thread stays blocked until
 * the process ends, the read fails with a message, and further reads of that skill are
 * refused until it returns. So one skill's stuck files hold at most one thread and never
 * refuse reads of other skills, and neither a request thread nor the registry's writer is
 * ever held. {@link #stuck()} reports them; {@link #close()} ends every thread that is
 * not stuck.
 */
public final class FileReads implements AutoCloseable {

	/** How long one read (its open included) may take. */
	public static final Duration TIMEOUT = Duration.ofSeconds(2);

	// How long a released read has to return before it is abandoned.
	private static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

	// Readers of one batch: reading is mostly system calls, which two cores share well.
	private static final int BATCH_WORKERS = 2;

	private static final int MAX_THREADS = 64;

	private final ThreadPoolExecutor threads;

	// Skill folders with an abandoned read, each with the count of its stuck threads.
	private final Map<String, AtomicInteger> stuck = new ConcurrentHashMap<>();

	/**
	 * Create the reader threads' owner; threads start on demand.
	 */
	public FileReads() {
		AtomicLong count = new AtomicLong();
		this.threads = new ThreadPoolExecutor(0, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
				(task) -> {
					Thread thread = new Thread(task, "skills-file-read-" + count.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
	}

	/**
	 * Read one file of a skill within {@link #TIMEOUT}.
	 * @param <T> what the read gives
	 * @param read the read, with its skill folder and release
	 * @return what it gave
	 * @throws IOException when it failed, took too long, or the skill has a stuck read
	 */
	public <T> T read(Read<T> read) throws IOException {
		Outcome<T> outcome = readAll(List.of(read), Function.identity()).get(0);
		if (outcome.failure() != null) {
			throw outcome.failure();
		}
		return outcome.value();
	}

	/**
	 * Read many files, a few at a time in order, each within {@link #TIMEOUT}; the caller
	 * waits until every one is done or abandoned.
	 * @param <I> the items
	 * @param <T> what a read gives
	 * @param items the items to read
	 * @param reads the read of each item
	 * @return each item's outcome, in order
	 */
	public <I, T> List<Outcome<T>> readAll(List<I> items, Function<I, Read<T>> reads) {
		Batch<I, T> batch = new Batch<>(items, reads);
		if (!items.isEmpty()) {
			batch.run();
		}
		return batch.outcomes();
	}

	/**
	 * The skill folders with a read that never returned.
	 * @return the folders, each with the number of threads it holds
	 */
	public Map<String, Integer> stuck() {
		Map<String, Integer> result = new TreeMap<>();
		this.stuck.forEach((folder, count) -> result.put(folder, count.get()));
		return result;
	}

	/**
	 * Stop every reader thread; a stuck one stays blocked in the kernel until the process
	 * ends.
	 */
	@Override
	public void close() {
		this.threads.shutdownNow();
		try {
			this.threads.awaitTermination(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * The failure of a read that ran out of time.
	 * @return the exception; its reason names no path
	 */
	static FileSystemException tookTooLong() {
		return new FileSystemException(null, null, "it did not answer in time (not a regular file?)");
	}

	private static void closeQuietly(@Nullable AutoCloseable closeable) {
		try {
			if (closeable != null) {
				closeable.close();
			}
		}
		catch (Exception ex) {
			// Nothing more to release.
		}
	}

	/**
	 * One read: what it does, the skill folder it reads from, and how to release it.
	 *
	 * @param <T> what it gives
	 * @param folder the skill folder, which a stuck read marks
	 * @param action the read
	 * @param release opens the file's other end so that a waiting open returns;
	 * {@code null} when there is nothing to release
	 */
	public record Read<T>(String folder, Action<T> action, @Nullable Action<?> release) {
	}

	/**
	 * A read's work.
	 *
	 * @param <T> what it gives
	 */
	@FunctionalInterface
	public interface Action<T> {

		/**
		 * Do it.
		 * @return the result
		 * @throws IOException when it fails
		 */
		T run() throws IOException;

	}

	/**
	 * The outcome of one read of a batch.
	 *
	 * @param <T> what it gives
	 * @param value the result, when it succeeded
	 * @param failure why it failed, otherwise
	 */
	public record Outcome<T>(@Nullable T value, @Nullable IOException failure) {
	}

	// Workers take the next item until none is left; the caller watches each worker's
	// current item, releases one that is late and replaces the worker of one that stays
	// stuck.
	private final class Batch<I, T> {

		private final List<I> items;

		private final Function<I, Read<T>> reads;

		private final Object[] outcomes;

		private final AtomicInteger next = new AtomicInteger();

		private final CountDownLatch done;

		private final List<Worker> workers = new ArrayList<>();

		Batch(List<I> items, Function<I, Read<T>> reads) {
			this.items = items;
			this.reads = reads;
			this.outcomes = new Object[items.size()];
			this.done = new CountDownLatch(items.size());
		}

		void run() {
			for (int i = 0; i < Math.min(BATCH_WORKERS, this.items.size()); i++) {
				start();
			}
			try {
				while (!this.done.await(TIMEOUT.toMillis() / 10, TimeUnit.MILLISECONDS)) {
					watch();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				failRest(new InterruptedIOException("interrupted while reading"));
			}
		}

		private void start() {
			Worker worker = new Worker();
			try {
				FileReads.this.threads.execute(worker);
				synchronized (this.workers) {
					this.workers.add(worker);
				}
			}
			catch (RejectedExecutionException ex) {
				failRest(new FileSystemException(null, null, "too many files are being read; try again later"));
			}
		}

		private void watch() {
			long now = System.nanoTime();
			List<Worker> late = new ArrayList<>();
			synchronized (this.workers) {
				for (Worker worker : this.workers) {
					if (worker.late(now)) {
						late.add(worker);
					}
				}
			}
			for (Worker worker : late) {
				worker.releaseOrAbandon(now);
			}
		}

		private void failRest(IOException failure) {
			int index;
			while ((index = this.next.getAndIncrement()) < this.items.size()) {
				complete(index, new Outcome<>(null, failure));
			}
		}

		private boolean complete(int index, Outcome<T> outcome) {
			synchronized (this.outcomes) {
				if (this.outcomes[index] != null) {
					return false;
				}
				this.outcomes[index] = outcome;
			}
			this.done.countDown();
			return true;
		}

		@SuppressWarnings("unchecked")
		List<Outcome<T>> outcomes() {
			List<Outcome<T>> result = new ArrayList<>(this.outcomes.length);
			for (Object outcome : this.outcomes) {
				result.add((Outcome<T>) outcome);
			}
			return result;
		}

		private final class Worker implements Runnable {

			private volatile @Nullable Attempt attempt;

			private volatile boolean abandoned;

			@Override
			public void run() {
				int index;
				while (!this.abandoned && (index = Batch.this.next.getAndIncrement()) < Batch.this.items.size()) {
					Attempt current = new Attempt(index, Batch.this.reads.apply(Batch.this.items.get(index)));
					this.attempt = current;
					Outcome<T> outcome = current.perform();
					this.attempt = null;
					if (!complete(index, outcome) && outcome.value() instanceof AutoCloseable late) {
						closeQuietly(late);
					}
				}
				synchronized (Batch.this.workers) {
					Batch.this.workers.remove(this);
				}
			}

			boolean late(long now) {
				Attempt current = this.attempt;
				return current != null && now - current.started > TIMEOUT.toNanos();
			}

			// First open the file's other end; if the read is still stuck after a grace
			// period, give up on it and on this worker, and start another for the rest.
			void releaseOrAbandon(long now) {
				Attempt current = this.attempt;
				if (current == null) {
					return;
				}
				if (!current.released) {
					current.released = true;
					current.release();
				}
				else if (now - current.started > TIMEOUT.toNanos() + GRACE_NANOS && current.abandon()) {
					this.abandoned = true;
					synchronized (Batch.this.workers) {
						Batch.this.workers.remove(this);
					}
					complete(current.index, new Outcome<>(null, tookTooLong()));
					start();
				}
			}

		}

		// One read on a worker: running, then done or abandoned, whichever comes first.
		private final class Attempt {

			private static final int RUNNING = 0;

			private static final int DONE = 1;

			private static final int ABANDONED = 2;

			private final int index;

			private final Read<T> read;

			private final long started = System.nanoTime();

			private final AtomicInteger state = new AtomicInteger(RUNNING);

			private volatile boolean released;

			Attempt(int index, Read<T> read) {
				this.index = index;
				this.read = read;
			}

			Outcome<T> perform() {
				AtomicInteger stuckHere = FileReads.this.stuck.get(this.read.folder());
				if (stuckHere != null) {
					this.state.set(DONE);
					return new Outcome<>(null, new FileSystemException(null, null,
							"a file of this skill did not answer before; try again later"));
				}
				try {
					T value = this.read.action().run();
					if (!this.released) {
						return new Outcome<>(value, null);
					}
					// What a released open read came from a FIFO, not the file checked.
					if (value instanceof AutoCloseable late) {
						closeQuietly(late);
					}
					return new Outcome<>(null, tookTooLong());
				}
				catch (IOException ex) {
					return new Outcome<>(null, this.released ? tookTooLong() : ex);
				}
				catch (RuntimeException ex) {
					return new Outcome<>(null, new IOException(ex.getMessage(), ex));
				}
				finally {
					if (!this.state.compareAndSet(RUNNING, DONE)) {
						// It came back after all: the skill's files may be read again.
						FileReads.this.stuck.computeIfPresent(this.read.folder(),
								(folder, count) -> (count.decrementAndGet() > 0) ? count : null);
					}
				}
			}

			void release() {
				if (this.read.release() != null) {
					try {
						closeQuietly((AutoCloseable) this.read.release().run());
					}
					catch (IOException | RuntimeException ex) {
						// Nothing to release: the file is gone or was never a FIFO.
					}
				}
			}

			boolean abandon() {
				if (!this.state.compareAndSet(RUNNING, ABANDONED)) {
					return false;
				}
				FileReads.this.stuck.computeIfAbsent(this.read.folder(), (folder) -> new AtomicInteger())
					.incrementAndGet();
				return true;
			}

		}

	}

}
