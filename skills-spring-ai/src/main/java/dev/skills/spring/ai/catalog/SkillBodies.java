package dev.skills.spring.ai.catalog;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Reads the bounded body prefixes the keyword index holds, and owns the one thread that
 * reads them for a whole registry off the request path. The thread lives only while it
 * has work (a second after it ran out); {@link #close()} ends it.
 */
final class SkillBodies implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(KeywordSkillIndex.class);

	private static final AtomicInteger INDEXES = new AtomicInteger();

	private final SkillsRegistry registry;

	private final int maxChars;

	private final String threadName = "skills-body-index-" + INDEXES.incrementAndGet();

	private final @Nullable ThreadPoolExecutor thread;

	private volatile CompletableFuture<Void> background = CompletableFuture.completedFuture(null);

	SkillBodies(SkillsRegistry registry, int maxChars) {
		this.registry = registry;
		this.maxChars = maxChars;
		if (maxChars > 0) {
			this.thread = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), (task) -> {
				Thread reader = new Thread(task, this.threadName);
				reader.setDaemon(true);
				return reader;
			});
			this.thread.allowCoreThreadTimeOut(true);
		}
		else {
			this.thread = null;
		}
	}

	String threadName() {
		return this.threadName;
	}

	/**
	 * The indexed text of one skill's body.
	 * @param snapshot the snapshot that holds the skill
	 * @param name the skill
	 * @return the prefix, or {@code null} when bodies are not indexed or this one cannot
	 * be read (the skill is then found by its frontmatter alone)
	 */
	@Nullable String prefix(SkillsSnapshot snapshot, String name) {
		if (this.maxChars <= 0) {
			return null;
		}
		try {
			return BodyPrefix.of(snapshot.load(name).instructions(), this.maxChars);
		}
		catch (SkillResourceException ex) {
			logger.debug("The body of skill '" + name + "' is not indexed: " + ex.getMessage());
			return null;
		}
	}

	/**
	 * Run a task on the reading thread; nothing runs when bodies are not indexed.
	 * @param task the task
	 */
	void inBackground(Runnable task) {
		if (this.thread != null) {
			this.background = CompletableFuture.runAsync(task, this.thread);
		}
	}

	/**
	 * Wait for the last task given to {@link #inBackground(Runnable)}.
	 * @param timeout how long to wait at most
	 * @return {@code true} when it is done
	 */
	boolean await(Duration timeout) {
		try {
			this.background.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException | ExecutionException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	@Override
	public void close() {
		if (this.thread != null) {
			this.thread.shutdownNow();
			try {
				this.thread.awaitTermination(2, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
