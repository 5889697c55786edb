package dev.skills.sources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import dev.skills.sources.SourceStatus.Outcome;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * One source's fetches, one at a time on a thread of its own, so that a source that hangs
 * delays no other: fetch, check out (into the spare revision's folder when there is one),
 * check, switch, tell the registry, keep the revision served until now as the next spare.
 * Whatever fails (the network, a limit, a revision that breaks a working skill) leaves
 * the last good revision served and says why in the status, in text that names the
 * source, never its cache folder.
 */
final class SourceRun {

	private static final Log logger = LogFactory.getLog("dev.skills.sources");

	private final SkillSource source;

	private final RevisionFolders folders;

	private final Consumer<SourceStatus> listener;

	private final SourceText text;

	private final ScheduledThreadPoolExecutor executor;

	private final AtomicBoolean queued = new AtomicBoolean();

	private volatile SourceStatus status;

	// The skill folders of the served revision that do not load: they hold nothing back.
	private @Nullable Map<String, String> failingServed;

	/**
	 * Create the run of a source; a revision a previous process left in the cache is
	 * served until the first fetch.
	 * @param source the source
	 * @param folders its cache folder
	 * @param listener told of every fetch, with the status after it
	 * @param threadName the name of the run's thread
	 */
	SourceRun(SkillSource source, RevisionFolders folders, Consumer<SourceStatus> listener, String threadName) {
		this.source = source;
		this.folders = folders;
		this.listener = listener;
		this.text = new SourceText(folders.root());
		this.status = SourceStatus.initial(source.name(), source.type(), folders.current());
		this.executor = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, threadName);
			thread.setDaemon(true);
			return thread;
		});
		this.executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		this.executor.setRemoveOnCancelPolicy(true);
	}

	/**
	 * The source.
	 * @return the source
	 */
	SkillSource source() {
		return this.source;
	}

	/**
	 * The folder the registry reads for this source.
	 * @return the {@code current} link
	 */
	Path location() {
		return this.folders.location();
	}

	/**
	 * What the source serves now.
	 * @return the status
	 */
	SourceStatus status() {
		return this.status;
	}

	/**
	 * What the checkout of the revision served left out, fit to show.
	 * @return the warnings
	 */
	List<String> warnings() {
		return this.text.of(this.source.warnings());
	}

	/**
	 * Fetch now on the run's thread, and again every refresh interval while the source
	 * can move.
	 * @param fetch the fetch, given this run
	 */
	void start(Consumer<SourceRun> fetch) {
		Duration interval = this.source.refreshInterval();
		if (interval.isZero() || !this.source.moves()) {
			this.executor.execute(() -> fetch.accept(this));
		}
		else {
			this.executor.scheduleWithFixedDelay(() -> fetch.accept(this), 0, interval.toMillis(),
					TimeUnit.MILLISECONDS);
		}
	}

	/**
	 * Fetch now on the run's thread.
	 * @param fetch the fetch, given this run
	 * @return the fetch under way
	 */
	Future<?> submit(Consumer<SourceRun> fetch) {
		return this.executor.submit(() -> fetch.accept(this));
	}

	/**
	 * Fetch soon on the run's thread, folded into a fetch already queued.
	 * @param fetch the fetch, given this run
	 */
	void soon(Consumer<SourceRun> fetch) {
		if (!this.executor.isShutdown() && this.queued.compareAndSet(false, true)) {
			this.executor.execute(() -> {
				this.queued.set(false);
				fetch.accept(this);
			});
		}
	}

	/**
	 * Stop fetching: a fetch under way is interrupted and its thread ends.
	 */
	void stop() {
		this.executor.shutdownNow();
	}

	/**
	 * Wait for the run's thread to end after {@link #stop()}.
	 * @param nanos the longest to wait
	 * @throws InterruptedException when interrupted meanwhile
	 */
	void awaitStopped(long nanos) throws InterruptedException {
		this.executor.awaitTermination(nanos, TimeUnit.NANOSECONDS);
	}

	/**
	 * Fetch once and serve what is new.
	 * @param switched told of the location when a new revision is served, before the old
	 * one is removed
	 * @return the status after the fetch, with how it ended
	 */
	synchronized SourceStatus run(Consumer<Path> switched) {
		long start = System.nanoTime();
		SourceStatus before = this.status;
		String served = before.revision();
		Outcome outcome;
		Instant now = Instant.now();
		if (served != null && !this.source.moves()) {
			outcome = Outcome.UNCHANGED;
			this.status = before.checked(served, before.fetchedAt(), now, null);
		}
		else {
			outcome = fetch(before, switched, now);
		}
		this.status = this.status.ended(outcome, Duration.ofNanos(System.nanoTime() - start));
		try {
			this.listener.accept(this.status);
		}
		catch (RuntimeException ex) {
			// A listener (metrics) never stops the fetches.
			logger.warn("A skill sources listener failed", ex);
		}
		return this.status;
	}

	private Outcome fetch(SourceStatus before, Consumer<Path> switched, Instant now) {
		String served = before.revision();
		String revision = null;
		try {
			revision = this.source.fetch();
			if (revision.equals(served)) {
				this.status = before.checked(served, before.fetchedAt(), now, null);
				return Outcome.UNCHANGED;
			}
			String spare = this.folders.spare(served);
			Path partial;
			if (spare != null) {
				partial = this.folders.reuse(spare, revision);
				this.source.update(revision, served, spare, partial);
			}
			else {
				partial = this.folders.partial(revision);
				this.source.checkout(revision, served, partial);
			}
			String broken = regression(partial);
			if (broken != null) {
				RevisionFolders.delete(partial);
				return failed(before, now, Outcome.BROKEN, "revision " + revision + " not served: " + broken);
			}
			this.folders.serve(revision, partial);
			this.failingServed = null;
			switched.accept(this.folders.location());
			// The status names the revision once the registry serves it.
			this.status = before.checked(revision, now, now, null);
			// The revision served until now is the spare the next one is written into.
			this.folders.prune(served);
			if (logger.isInfoEnabled()) {
				logger.info("Skills source " + before.name() + " now serves revision " + revision);
			}
			return Outcome.UPDATED;
		}
		catch (IOException | RuntimeException ex) {
			String what = (revision != null) ? "revision " + revision + " not served: " : "fetch failed: ";
			return failed(before, now, Outcome.FAILED, what + ex.getMessage());
		}
	}

	private Outcome failed(SourceStatus before, Instant now, Outcome outcome, String error) {
		String served = this.status.revision();
		String shown = this.text.of(error);
		this.status = before.checked(served, (served != null) ? before.fetchedAt() : null, now, shown);
		if (logger.isWarnEnabled()) {
			logger.warn("Skills source " + before.name() + ": " + shown
					+ ((served != null) ? "; still serving revision " + served : "; nothing served yet"));
		}
		return outcome;
	}

	// Why a checkout takes a working skill away (one that loads in the served revision),
	// or null when it does not: a new skill that does not load holds nothing back.
	private @Nullable String regression(Path checkout) {
		Map<String, String> failing = RevisionCheck.failing(checkout);
		if (failing.isEmpty() || this.status.revision() == null) {
			return null;
		}
		Path served = this.folders.revision(this.status.revision());
		Map<String, String> before = this.failingServed;
		if (before == null) {
			before = RevisionCheck.failing(served);
			this.failingServed = before;
		}
		for (Map.Entry<String, String> entry : failing.entrySet()) {
			if (!before.containsKey(entry.getKey()) && Files.isDirectory(served.resolve(entry.getKey()))) {
				return "skill folder '" + entry.getKey() + "' does not load: " + entry.getValue();
			}
		}
		return null;
	}

}
