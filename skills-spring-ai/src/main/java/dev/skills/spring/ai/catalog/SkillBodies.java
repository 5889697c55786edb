package dev.skills.spring.ai.catalog;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Reads the bounded body prefixes the keyword index holds, and owns the
 * {@link IndexThread} that reads them for a whole registry off the request path;
 * {@link #close()} ends it.
 */
final class SkillBodies implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(KeywordSkillIndex.class);

	private static final AtomicInteger INDEXES = new AtomicInteger();

	private final SkillsRegistry registry;

	private final int maxChars;

	private final IndexThread thread = new IndexThread("skills-body-index-" + INDEXES.incrementAndGet());

	SkillBodies(SkillsRegistry registry, int maxChars) {
		this.registry = registry;
		this.maxChars = maxChars;
	}

	String threadName() {
		return this.thread.name();
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
	 * Run a task on the reading thread; nothing runs when bodies are not indexed, so no
	 * thread starts.
	 * @param task the task
	 */
	void inBackground(Runnable task) {
		if (this.maxChars > 0) {
			this.thread.run(task);
		}
	}

	/**
	 * Wait for the tasks given to {@link #inBackground(Runnable)}.
	 * @param timeout how long to wait at most
	 * @return {@code true} when they are done
	 */
	boolean await(Duration timeout) {
		return this.thread.await(timeout);
	}

	@Override
	public void close() {
		this.thread.close();
	}

}
