package dev.skills.core.registry;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Tells a registry's listeners of its changes on threads of its own, never the writer's:
 * each listener in commit order, one change at a time, apart from the others. A listener
 * holds at most one pending change: one that falls behind gets the changes it missed as
 * one ({@link SkillsChange#then}), so a slow listener costs neither the writer nor the
 * other listeners anything, and nothing queues up without bound. Each listener occupies
 * at most one thread at a time; idle threads end after a few seconds, and
 * {@link #close()} ends them all.
 */
final class ChangeDelivery implements AutoCloseable {

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	private final List<Lane> lanes = new CopyOnWriteArrayList<>();

	// No queue: a lane has at most one task given at a time, so the threads never
	// outnumber the listeners.
	private final ThreadPoolExecutor threads;

	ChangeDelivery() {
		AtomicInteger count = new AtomicInteger();
		this.threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS, new SynchronousQueue<>(),
				(task) -> {
					Thread thread = new Thread(task, "skills-listener-" + count.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
	}

	/**
	 * Add a listener.
	 * @param listener the listener
	 * @param first a change to tell it of before any later one, or {@code null}
	 */
	synchronized void add(SkillsListener listener, @Nullable SkillsChange first) {
		Lane lane = new Lane(listener);
		this.lanes.add(lane);
		if (first != null) {
			lane.offer(first);
		}
	}

	// A change given already is dropped; a call under way finishes.
	synchronized void remove(SkillsListener listener) {
		for (Lane lane : this.lanes) {
			if (lane.listener == listener) {
				this.lanes.remove(lane);
				lane.drop();
				return;
			}
		}
	}

	synchronized void publish(SkillsChange change) {
		for (Lane lane : this.lanes) {
			lane.offer(change);
		}
	}

	/**
	 * Stop telling: pending changes are dropped, listeners still running are interrupted
	 * and waited for a moment.
	 */
	@Override
	public void close() {
		synchronized (this) {
			this.lanes.forEach(Lane::drop);
			this.lanes.clear();
			this.threads.shutdownNow();
		}
		try {
			this.threads.awaitTermination(2, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * One listener's changes: the one pending, and whether a thread is telling it.
	 */
	private final class Lane implements Runnable {

		private final SkillsListener listener;

		// Guarded by this.
		private @Nullable SkillsChange pending;

		private boolean running;

		private boolean dropped;

		Lane(SkillsListener listener) {
			this.listener = listener;
		}

		void offer(SkillsChange change) {
			synchronized (this) {
				if (this.dropped) {
					return;
				}
				this.pending = (this.pending != null) ? this.pending.then(change) : change;
				if (this.running) {
					return;
				}
				this.running = true;
			}
			try {
				ChangeDelivery.this.threads.execute(this);
			}
			catch (RejectedExecutionException ex) {
				// Closed meanwhile.
				drop();
			}
		}

		synchronized void drop() {
			this.dropped = true;
			this.pending = null;
			this.running = false;
		}

		@Override
		public void run() {
			boolean idle = false;
			try {
				for (SkillsChange change = next(); change != null; change = next()) {
					try {
						this.listener.onChange(change);
					}
					catch (RuntimeException ex) {
						logger.warn("A skills listener failed", ex);
					}
				}
				idle = true;
			}
			finally {
				if (!idle) {
					// An Error ended this thread: the next change starts another.
					synchronized (this) {
						this.running = false;
					}
				}
			}
		}

		// Takes the pending change; when there is none, the lane is idle until the next.
		private synchronized @Nullable SkillsChange next() {
			SkillsChange change = this.pending;
			this.pending = null;
			if (change == null || this.dropped) {
				this.running = false;
				return null;
			}
			return change;
		}

	}

}
