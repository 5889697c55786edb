package dev.skills.core.internal.files;

import java.io.IOException;
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
 * longer than {@link #TIMEOUT}: a file checked as regular may be swapped for a FIFO,
 * whose open waits for a writer in a system call nothing in Java interrupts. A late read
 * is released (the FIFO's other end opened); one still stuck then (the FIFO unlinked
 * again) is abandoned, its thread blocked until the process ends, and that skill's reads
 * are refused until it returns. So one skill's stuck files hold at most one thread, and
 * never a request thread, the registry's writer or another skill's reads.
 */
public final class FileReads implements AutoCloseable {

	/** How long one read (its open included) may take. */
	public static final Duration TIMEOUT = Duration.ofSeconds(2);

	private static final int MAX_THREADS = 64;

	private final ThreadPoolExecutor threads;

	// The count of stuck threads by skill folder.
	private final Map<String, AtomicInteger> stuck = new ConcurrentHashMap<>();

	public FileReads() {
		AtomicInteger count = new AtomicInteger();
		this.threads = new ThreadPoolExecutor(0, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
				(task) -> new Reader(task, "skills-file-read-" + count.incrementAndGet()));
	}

	// One read within TIMEOUT; one nested in a batch's read (bounded already) runs here.
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
		return new ReadBatch<>(this.threads, this.stuck, items, reads).run();
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

	/**
	 * One read.
	 *
	 * @param folder the skill folder, which a stuck read marks
	 * @param release opens the file's other end so that a waiting open returns;
	 * {@code null} when there is nothing to release or a {@link #read} inside the action
	 * names its own
	 */
	public record Read<T>(String folder, Action<T> action, @Nullable Action<?> release) {
	}

	/** A read's work. */
	@FunctionalInterface
	public interface Action<T> {

		T run() throws IOException;

	}

	/** The outcome of one read of a batch: its value, or why it failed. */
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
