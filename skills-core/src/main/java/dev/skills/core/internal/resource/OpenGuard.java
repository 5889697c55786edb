package dev.skills.core.internal.resource;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

/**
 * Bounds how long opening (and reading) one checked file may take. A file checked as
 * regular may be swapped for a FIFO before it is opened, and opening a FIFO waits for a
 * writer, in a system call that nothing in Java interrupts. So the open runs on a helper
 * thread and the caller waits at most {@link #TIMEOUT}: then the FIFO's other end is
 * opened (which releases the open while the FIFO is still in place), and a channel the
 * helper gets later is closed by it. A read of an open channel is bounded the same way:
 * when the time is up, the channel is closed. At most {@value #MAX_WAITING} opens wait at
 * once; beyond, a read is refused with a message to retry.
 */
final class OpenGuard {

	/** How long opening (and reading) a checked file may take. */
	static final Duration TIMEOUT = Duration.ofSeconds(2);

	/**
	 * Opening a FIFO for reading and writing never blocks, and releases a reader waiting
	 * for a writer.
	 */
	static final Set<OpenOption> RELEASE = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE,
			LinkOption.NOFOLLOW_LINKS);

	// Helper threads; one stays stuck only when a FIFO swapped in was unlinked again
	// meanwhile.
	static final int MAX_WAITING = 64;

	private static final ThreadPoolExecutor OPENERS = new ThreadPoolExecutor(1, MAX_WAITING, 30, TimeUnit.SECONDS,
			new SynchronousQueue<>(), daemon("skills-file-open"));

	private static final ScheduledThreadPoolExecutor WATCHDOG = new ScheduledThreadPoolExecutor(1,
			daemon("skills-file-watchdog"));

	private static final OpenDeadlines DEADLINES = new OpenDeadlines(WATCHDOG, TIMEOUT);

	private final AtomicReference<@Nullable SeekableByteChannel> channel = new AtomicReference<>();

	private final AtomicBoolean fired = new AtomicBoolean();

	private final AtomicBoolean abandoned = new AtomicBoolean();

	private OpenDeadlines.@Nullable Deadline deadline;

	/**
	 * Open a channel within {@link #TIMEOUT}.
	 * @param opener opens the file for reading
	 * @param release opens the same file so that a waiting open returns
	 * @return the channel
	 * @throws IOException when it cannot be opened or the time ran out
	 */
	SeekableByteChannel open(ChannelOpener opener, ChannelOpener release) throws IOException {
		Future<SeekableByteChannel> opening;
		try {
			opening = OPENERS.submit(() -> {
				SeekableByteChannel opened = opener.open();
				if (this.abandoned.get()) {
					opened.close();
				}
				return opened;
			});
		}
		catch (RejectedExecutionException ex) {
			throw new FileSystemException(null, null, "too many files are being opened; try again later");
		}
		try {
			return opening.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			this.fired.set(true);
			closeQuietly(release);
			abandon(opening);
			throw tookTooLong();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			abandon(opening);
			throw new InterruptedIOException("interrupted while opening");
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof IOException io) {
				throw io;
			}
			throw new IllegalStateException(ex.getCause());
		}
	}

	/**
	 * Open a channel on the calling thread; after {@link #TIMEOUT} (and at most
	 * {@link OpenDeadlines#SWEEP_INTERVAL} more) the file is opened once more so that an
	 * open waiting on a FIFO still in place returns. Cheaper than {@link #open}, for the
	 * many reads of discovery; a FIFO swapped in and unlinked again can still hold the
	 * caller.
	 * @param opener opens the file for reading
	 * @param release opens the same file so that a waiting open returns
	 * @return the channel
	 * @throws IOException when it cannot be opened
	 */
	static SeekableByteChannel openReleasing(ChannelOpener opener, ChannelOpener release) throws IOException {
		OpenDeadlines.Deadline deadline = DEADLINES.arm(() -> closeQuietly(release));
		try {
			return opener.open();
		}
		catch (IOException | RuntimeException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		finally {
			deadline.disarm();
		}
	}

	/**
	 * Bound the reads of an open channel: after {@link #TIMEOUT} (and at most
	 * {@link OpenDeadlines#SWEEP_INTERVAL} more), it is closed.
	 * @param opened the channel
	 */
	void bound(SeekableByteChannel opened) {
		this.channel.set(opened);
		this.deadline = DEADLINES.arm(this::fire);
	}

	private void fire() {
		this.fired.set(true);
		SeekableByteChannel opened = this.channel.get();
		if (opened != null) {
			closeQuietly(() -> opened);
		}
	}

	// The helper closes what it opens from now on; what it already opened is closed here.
	private void abandon(Future<SeekableByteChannel> opening) {
		this.abandoned.set(true);
		if (opening.isDone() && !opening.isCancelled()) {
			closeQuietly(() -> opening.get(0, TimeUnit.MILLISECONDS));
		}
	}

	private static void closeQuietly(ChannelOpener channel) {
		try {
			channel.open().close();
		}
		catch (Exception ex) {
			// Nothing more to release.
		}
	}

	private static ThreadFactory daemon(String name) {
		return (task) -> {
			Thread thread = new Thread(task, name);
			thread.setDaemon(true);
			return thread;
		};
	}

	/**
	 * Whether the time ran out.
	 * @return {@code true} once the guard fired
	 */
	boolean timedOut() {
		return this.fired.get();
	}

	/**
	 * Stop the clock of {@link #bound}: the file was read in time.
	 */
	void disarm() {
		if (this.deadline != null) {
			this.deadline.disarm();
		}
	}

	/**
	 * The failure of an open or read that ran out of time.
	 * @return the exception; its reason names no path
	 */
	static FileSystemException tookTooLong() {
		return new FileSystemException(null, null, "it did not answer in time (not a regular file?)");
	}

	/**
	 * Opens a channel.
	 */
	interface ChannelOpener {

		/**
		 * Open it.
		 * @return the channel
		 * @throws Exception when it cannot be opened
		 */
		SeekableByteChannel open() throws Exception;

	}

}
