package dev.skills.core.internal.files;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.FileSystemException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * One batch of {@link FileReads}: workers take the next item until none is left; the
 * caller watches the running attempts, releases one that is late and, when it stays
 * stuck, gives it up and starts another worker for the rest.
 */
final class ReadBatch<I, T> {

	// How long a released read has to return before it is abandoned.
	private static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

	// Reading is mostly system calls, which two cores share well.
	private static final int WORKERS = 2;

	private final List<I> items;

	private final Function<I, FileReads.Read<T>> reads;

	private final FileReads.Outcome<T>[] outcomes;

	private final AtomicInteger next = new AtomicInteger();

	private final CountDownLatch done;

	private final Set<Attempt> running = ConcurrentHashMap.newKeySet();

	private final Executor threads;

	private final Map<String, AtomicInteger> stuck;

	@SuppressWarnings("unchecked")
	ReadBatch(Executor threads, Map<String, AtomicInteger> stuck, List<I> items, Function<I, FileReads.Read<T>> reads) {
		this.threads = threads;
		this.stuck = stuck;
		this.items = items;
		this.reads = reads;
		this.outcomes = new FileReads.Outcome[items.size()];
		this.done = new CountDownLatch(items.size());
	}

	// Wait for every item to be done or given up.
	List<FileReads.Outcome<T>> run() {
		for (int i = 0; i < Math.min(WORKERS, this.items.size()); i++) {
			startWorker();
		}
		await();
		// Interrupted while waiting: a read still running has no outcome yet.
		for (int i = 0; i < this.outcomes.length; i++) {
			if (this.outcomes[i] == null) {
				this.outcomes[i] = failed(new InterruptedIOException("interrupted while reading"));
			}
		}
		return Arrays.asList(this.outcomes);
	}

	private void startWorker() {
		try {
			this.threads.execute(this::work);
		}
		catch (RejectedExecutionException ex) {
			failRest(new FileSystemException(null, null, "too many files are being read; try again later"));
		}
	}

	private void work() {
		FileReads.Reader reader = (FileReads.Reader) Thread.currentThread();
		int index;
		while ((index = this.next.getAndIncrement()) < this.items.size()) {
			FileReads.Read<T> read = this.reads.apply(this.items.get(index));
			Attempt attempt = new Attempt(index, read.folder(), read.release());
			this.running.add(attempt);
			reader.attempt = attempt;
			FileReads.Outcome<T> outcome = perform(attempt, read);
			reader.attempt = null;
			this.running.remove(attempt);
			if (attempt.abandoned) {
				closeQuietly(outcome.value());
				return;
			}
			complete(index, outcome);
		}
	}

	private FileReads.Outcome<T> perform(Attempt attempt, FileReads.Read<T> read) {
		if (this.stuck.containsKey(read.folder())) {
			return failed(
					new FileSystemException(null, null, "a file of this skill did not answer before; try again later"));
		}
		try {
			T value = read.action().run();
			if (!attempt.released) {
				return new FileReads.Outcome<>(value, null);
			}
			// What a released open read came from a FIFO, not the file checked.
			closeQuietly(value);
			return failed(tookTooLong());
		}
		catch (IOException ex) {
			return failed(attempt.released ? tookTooLong() : ex);
		}
		catch (RuntimeException ex) {
			return failed(new IOException(ex.getMessage(), ex));
		}
		finally {
			attempt.finish();
		}
	}

	private void await() {
		try {
			while (!this.done.await(FileReads.TIMEOUT.toMillis() / 10, TimeUnit.MILLISECONDS)) {
				long now = System.nanoTime();
				for (Attempt attempt : this.running) {
					if (attempt.releaseOrAbandon(now)) {
						complete(attempt.index, failed(tookTooLong()));
						startWorker();
					}
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			failRest(new InterruptedIOException("interrupted while reading"));
		}
	}

	private void failRest(IOException failure) {
		int index;
		while ((index = this.next.getAndIncrement()) < this.items.size()) {
			complete(index, failed(failure));
		}
	}

	private void complete(int index, FileReads.Outcome<T> outcome) {
		this.outcomes[index] = outcome;
		this.done.countDown();
	}

	private static <T> FileReads.Outcome<T> failed(IOException failure) {
		return new FileReads.Outcome<>(null, failure);
	}

	private static FileSystemException tookTooLong() {
		return new FileSystemException(null, null, "it did not answer in time (not a regular file?)");
	}

	private static void closeQuietly(@Nullable Object value) {
		try {
			if (value instanceof AutoCloseable closeable) {
				closeable.close();
			}
		}
		catch (Exception ex) {
			// Nothing more to release.
		}
	}

	// One read on a worker: running, then done or abandoned, whichever comes first.
	final class Attempt {

		private final int index;

		private final String folder;

		private final long started = System.nanoTime();

		volatile FileReads.@Nullable Action<?> release;

		private volatile boolean released;

		private volatile boolean abandoned;

		private boolean finished;

		Attempt(int index, String folder, FileReads.@Nullable Action<?> release) {
			this.index = index;
			this.folder = folder;
			this.release = release;
		}

		// Late: first open the file's other end; still stuck after the grace period:
		// give it up (true when it was given up now).
		synchronized boolean releaseOrAbandon(long now) {
			long late = now - this.started - FileReads.TIMEOUT.toNanos();
			if (this.finished || late <= 0) {
				return false;
			}
			if (!this.released) {
				this.released = true;
				try {
					closeQuietly((this.release != null) ? this.release.run() : null);
				}
				catch (IOException | RuntimeException ex) {
					// Nothing to release: the file is gone or was never a FIFO.
				}
				return false;
			}
			if (this.abandoned || late <= GRACE_NANOS) {
				return false;
			}
			this.abandoned = true;
			ReadBatch.this.stuck.computeIfAbsent(this.folder, (key) -> new AtomicInteger()).incrementAndGet();
			return true;
		}

		// Back: when it had been given up, the skill's files may be read again.
		synchronized void finish() {
			this.finished = true;
			if (this.abandoned) {
				ReadBatch.this.stuck.computeIfPresent(this.folder,
						(key, count) -> (count.decrementAndGet() > 0) ? count : null);
			}
		}

	}

}
