package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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

	// Reading is mostly system calls, which two cores share well.
	private static final int BATCH_WORKERS = 2;

	private static final int MAX_THREADS = 64;

	private final ThreadPoolExecutor threads;

	// The count of stuck threads by skill folder.
	private final Map<String, AtomicInteger> stuck = new ConcurrentHashMap<>();

	public FileReads() {
		AtomicInteger count = new AtomicInteger();
		this.threads = new ThreadPoolExecutor(0, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
				(task) -> new Reader(task, "skills-file-read-" + count.incrementAndGet()));
	}

	// One read within TIMEOUT; inside a batch's read (bounded already) it runs where it
	// is.
	public <T> T read(Read<T> read) throws IOException {
		if (Thread.currentThread() instanceof Reader reader && reader.attempt != null) {
			reader.attempt.release = read.release();
			return read.action().run();
		}
		Outcome<T> outcome = readAll(List.of(read), Function.identity()).get(0);
		if (outcome.failure() != null) {
			throw outcome.failure();
		}
		return outcome.value();
	}

	// A few at a time in order, each within TIMEOUT, until each is done or abandoned.
	public <I, T> List<Outcome<T>> readAll(List<I> items, Function<I, Read<T>> reads) {
		return new ReadBatch<>(this.threads, this.stuck, items, reads).run(BATCH_WORKERS);
	}

	// The skill folders with a read that never returned, with the threads each holds.
	public Map<String, Integer> stuck() {
		Map<String, Integer> result = new TreeMap<>();
		this.stuck.forEach((folder, count) -> result.put(folder, count.get()));
		return result;
	}

	// A stuck thread stays blocked in the kernel until the process ends.
	@Override
	public void close() {
		this.threads.shutdownNow();
	}

	static FileSystemException tookTooLong() {
		return new FileSystemException(null, null, "it did not answer in time (not a regular file?)");
	}

	static void closeQuietly(@Nullable Object value) {
		try {
			if (value instanceof AutoCloseable closeable) {
				closeable.close();
			}
		}
		catch (Exception ex) {
			// Nothing more to release.
		}
	}

	/**
	 * One read.
	 *
	 * @param <T> what it gives
	 * @param folder the skill folder, which a stuck read marks
	 * @param action the read
	 * @param release opens the file's other end so that a waiting open returns;
	 * {@code null} when there is nothing to release or a {@link #read} inside the action
	 * names its own
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

		T run() throws IOException;

	}

	/**
	 * The outcome of one read of a batch: its value, or why it failed.
	 *
	 * @param <T> what it gives
	 */
	public record Outcome<T>(@Nullable T value, @Nullable IOException failure) {
	}

	// Knows the read it runs, so that a read nested in it can name its release.
	static final class Reader extends Thread {

		volatile ReadBatch.@Nullable Attempt attempt;

		Reader(Runnable task, String name) {
			super(task, name);
			setDaemon(true);
		}

	}

}
