package dev.skills.core.internal.resource;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.skills.core.internal.resource.OpenGuard.ChannelOpener;

/**
 * Releases opens that wait longer than their deadline, for the many opens of discovery.
 * Arming a deadline adds it to a set; one sweep runs while deadlines are armed, releases
 * the overdue ones and stops when none is left. A scheduled task per open instead woke
 * the scheduler's thread for every file, which cost more than the open itself.
 */
final class OpenDeadlines {

	// How often a sweep looks: an open is released at most this much after its deadline.
	static final Duration SWEEP_INTERVAL = Duration.ofMillis(200);

	private final ScheduledExecutorService scheduler;

	private final long timeoutNanos;

	private final Set<Deadline> armed = ConcurrentHashMap.newKeySet();

	private final AtomicBoolean sweeping = new AtomicBoolean();

	OpenDeadlines(ScheduledExecutorService scheduler, Duration timeout) {
		this.scheduler = scheduler;
		this.timeoutNanos = timeout.toNanos();
	}

	/**
	 * Arm a deadline for an open that starts now.
	 * @param release opens the same file so that the waiting open returns
	 * @return the deadline, to disarm once the open returned
	 */
	Deadline arm(ChannelOpener release) {
		Deadline deadline = new Deadline(release, System.nanoTime() + this.timeoutNanos);
		this.armed.add(deadline);
		startSweeping();
		return deadline;
	}

	private void startSweeping() {
		if (this.sweeping.compareAndSet(false, true)) {
			this.scheduler.schedule(this::sweep, SWEEP_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
		}
	}

	private void sweep() {
		long now = System.nanoTime();
		for (Deadline deadline : this.armed) {
			if (now - deadline.due >= 0 && this.armed.remove(deadline)) {
				OpenGuard.closeQuietly(deadline.release);
			}
		}
		this.sweeping.set(false);
		// An arm that found the sweep still running added its deadline before this point.
		if (!this.armed.isEmpty()) {
			startSweeping();
		}
	}

	/**
	 * The deadline of one open; compared by identity.
	 */
	final class Deadline {

		private final ChannelOpener release;

		private final long due;

		private Deadline(ChannelOpener release, long due) {
			this.release = release;
			this.due = due;
		}

		/**
		 * The open returned: nothing to release.
		 */
		void disarm() {
			OpenDeadlines.this.armed.remove(this);
		}

	}

}
