package dev.skills.core.internal.resource;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs an action for each open or read that outlives its deadline. Arming a deadline adds
 * it to a set; one sweep runs while deadlines are armed, acts on the overdue ones and
 * stops when none is left. A scheduled task per file instead woke the scheduler's thread
 * for every file of discovery, which cost more than the open itself.
 */
final class OpenDeadlines {

	// How often a sweep looks: an action runs at most this much after its deadline.
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
	 * Arm a deadline for work that starts now.
	 * @param onTimeout what to do when the work outlives it, such as releasing a waiting
	 * open or closing a channel
	 * @return the deadline, to disarm once the work is done
	 */
	Deadline arm(Runnable onTimeout) {
		Deadline deadline = new Deadline(onTimeout, System.nanoTime() + this.timeoutNanos);
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
		try {
			for (Deadline deadline : this.armed) {
				if (now - deadline.due >= 0 && this.armed.remove(deadline)) {
					deadline.onTimeout.run();
				}
			}
		}
		finally {
			// Even after a failed action, the next sweep must come.
			this.sweeping.set(false);
			// An arm that found the sweep still running added its deadline before this
			// point.
			if (!this.armed.isEmpty()) {
				startSweeping();
			}
		}
	}

	/**
	 * The deadline of one open or read; compared by identity.
	 */
	final class Deadline {

		private final Runnable onTimeout;

		private final long due;

		private Deadline(Runnable onTimeout, long due) {
			this.onTimeout = onTimeout;
			this.due = due;
		}

		/**
		 * The work is done in time: nothing to do.
		 */
		void disarm() {
			OpenDeadlines.this.armed.remove(this);
		}

	}

}
