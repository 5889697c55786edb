package dev.skills.spring.ai.catalog.index;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The one listener that keeps {@link SkillIndex}es up to date: each change of the
 * registry is handed to every index with the snapshot that holds it, on the registry's
 * listener thread (so a slow index holds back neither a reload nor the registry's other
 * listeners, and changes that pile up meanwhile arrive as one). An index that fails is
 * logged and the others are still fed. {@link #close()} stops listening; the indexes
 * belong to whoever made them.
 */
public final class SkillIndexUpdater implements SkillsListener, AutoCloseable {

	private static final Log logger = LogFactory.getLog(SkillIndexUpdater.class);

	private final SkillsRegistry registry;

	private final List<SkillIndex> indexes;

	// The generation the indexes were last given; guarded by this.
	private long fed = -1;

	private SkillIndexUpdater(SkillsRegistry registry, List<SkillIndex> indexes) {
		this.registry = registry;
		this.indexes = indexes;
	}

	/**
	 * Seed the indexes with the registry's skills, on this thread, then feed them every
	 * skill in full and every change from now on, on the registry's listener thread.
	 * @param registry the skills
	 * @param indexes the indexes to keep up to date
	 * @return the updater; {@link #close() close} it to stop
	 */
	public static SkillIndexUpdater start(SkillsRegistry registry, SkillIndex... indexes) {
		SkillsSnapshot current = registry.snapshot();
		for (SkillIndex index : indexes) {
			index.seed(current);
		}
		SkillIndexUpdater updater = new SkillIndexUpdater(registry, List.of(indexes));
		registry.addListener(updater, true);
		return updater;
	}

	@Override
	public void onChange(SkillsChange change) {
		Set<String> names = new HashSet<>(change.added());
		names.addAll(change.changed());
		names.addAll(change.removed());
		for (SkillIndex index : this.indexes) {
			try {
				index.update(change.snapshot(), names);
			}
			catch (RuntimeException ex) {
				logger.warn("The skills index " + index.getClass().getSimpleName()
						+ " could not take the change to generation " + change.generation() + ": " + ex.getMessage());
			}
		}
		synchronized (this) {
			this.fed = change.generation();
			notifyAll();
		}
	}

	/**
	 * Wait until the indexes were given the registry's current skills; requests never
	 * wait for this (for tests and measurements). An index may go on in the background:
	 * see {@link EmbeddingSkillIndex#awaitEmbeddings}.
	 * @param timeout how long to wait at most
	 * @return {@code true} when they were
	 */
	public boolean awaitCurrent(Duration timeout) {
		long generation = this.registry.snapshot().generation();
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this) {
			while (this.fed < generation) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					return false;
				}
				try {
					TimeUnit.NANOSECONDS.timedWait(this, left);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * Stop listening to the registry; a change being fed finishes.
	 */
	@Override
	public void close() {
		this.registry.removeListener(this);
	}

}
