package dev.skills.spring.ai.catalog.index;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The one object that keeps {@link SkillIndex}es up to date: it seeds each index it is
 * given with the skills there are, then hands it every skill in full and every change of
 * the registry, each with the snapshot that holds it. Each index is fed on a registry
 * listener thread of its own, so a slow index holds back neither a reload, nor the
 * registry's other listeners, nor another index, and the changes it falls behind on
 * arrive as one. An index that fails is logged and fed the next change. {@link #close()}
 * stops feeding; the indexes belong to whoever made them.
 */
public final class SkillIndexUpdater implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(SkillIndexUpdater.class);

	private final SkillsRegistry registry;

	private final List<Feed> feeds = new CopyOnWriteArrayList<>();

	private boolean closed;

	/**
	 * An updater of no index yet: give it some with {@link #feed}.
	 * @param registry the skills
	 */
	public SkillIndexUpdater(SkillsRegistry registry) {
		this.registry = registry;
	}

	/**
	 * Feed indexes from now on.
	 * @param registry the skills
	 * @param indexes the indexes to keep up to date
	 * @return the updater; {@link #close() close} it to stop
	 */
	public static SkillIndexUpdater start(SkillsRegistry registry, SkillIndex... indexes) {
		SkillIndexUpdater updater = new SkillIndexUpdater(registry);
		for (SkillIndex index : indexes) {
			updater.feed(index);
		}
		return updater;
	}

	/**
	 * Seed an index with the registry's skills, on this thread, then feed it every skill
	 * in full and every change from now on, on the registry's listener thread.
	 * @param <T> the type of the index
	 * @param index the index
	 * @return the index
	 * @throws IllegalStateException once the updater is closed
	 */
	public synchronized <T extends SkillIndex> T feed(T index) {
		if (this.closed) {
			throw new IllegalStateException("The skills index updater is closed");
		}
		SkillsSnapshot seed = this.registry.snapshot();
		index.seed(seed);
		Feed feed = new Feed(index, seed.names());
		this.feeds.add(feed);
		this.registry.addListener(feed, true);
		return index;
	}

	/**
	 * Wait until every index was given the registry's current skills; requests never wait
	 * for this (for tests and measurements). An index may go on in the background: see
	 * {@link EmbeddingSkillIndex#awaitEmbeddings}.
	 * @param timeout how long to wait at most
	 * @return {@code true} when they were
	 */
	public boolean awaitCurrent(Duration timeout) {
		long generation = this.registry.snapshot().generation();
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.feeds) {
			while (this.feeds.stream().anyMatch((feed) -> feed.fed < generation)) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					return false;
				}
				try {
					TimeUnit.NANOSECONDS.timedWait(this.feeds, left);
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
	 * Stop feeding the indexes; a change being fed finishes.
	 */
	@Override
	public synchronized void close() {
		this.closed = true;
		this.feeds.forEach(this.registry::removeListener);
	}

	/**
	 * One index's listener.
	 */
	private final class Feed implements SkillsListener {

		private final SkillIndex index;

		private volatile long fed = -1;

		// The registry may fold its first change (the current skills, as added) with a
		// later one, so that a skill added then removed is in neither: the seed has it
		// all the same. The first update looks at every seeded name too.
		private @Nullable Collection<String> seeded;

		Feed(SkillIndex index, Collection<String> seeded) {
			this.index = index;
			this.seeded = seeded;
		}

		@Override
		public void onChange(SkillsChange change) {
			Set<String> names = new HashSet<>(change.added());
			names.addAll(change.changed());
			names.addAll(change.removed());
			if (this.seeded != null) {
				names.addAll(this.seeded);
				this.seeded = null;
			}
			try {
				this.index.update(change.snapshot(), names);
			}
			catch (RuntimeException ex) {
				logger.warn("The skills index " + this.index.getClass().getSimpleName()
						+ " could not take the change to generation " + change.generation() + ": " + ex.getMessage());
			}
			List<Feed> feeds = SkillIndexUpdater.this.feeds;
			synchronized (feeds) {
				this.fed = change.generation();
				feeds.notifyAll();
			}
		}

	}

}
