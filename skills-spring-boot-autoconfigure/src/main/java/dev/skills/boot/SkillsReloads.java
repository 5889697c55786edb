package dev.skills.boot;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationEventPublisher;

/**
 * Tells the log (one INFO line) and the application (a {@link SkillsReloadedEvent}) about
 * every reload that changed the skills. Failures are logged as warnings by the registry
 * itself.
 */
public final class SkillsReloads implements SkillsListener {

	private static final Log logger = LogFactory.getLog(SkillsReloads.class);

	// A first scan of thousands of skills must not become a line of thousands of names.
	private static final int MAX_NAMES = 10;

	private final SkillsRegistry registry;

	private final ApplicationEventPublisher publisher;

	/**
	 * Create the listener.
	 * @param registry the registry whose reloads are told
	 * @param publisher where the events go
	 */
	public SkillsReloads(SkillsRegistry registry, ApplicationEventPublisher publisher) {
		this.registry = registry;
		this.publisher = publisher;
	}

	@Override
	public void onChange(SkillsChange change) {
		if (logger.isInfoEnabled()) {
			logger.info(describe(change));
		}
		this.publisher.publishEvent(new SkillsReloadedEvent(this.registry, change));
	}

	/**
	 * The log line of a change.
	 * @param change the change
	 * @return for example {@code Reloaded skills (generation 3): changed haiku-writer}
	 */
	static String describe(SkillsChange change) {
		List<String> parts = new ArrayList<>();
		part("added", change.added(), parts);
		part("changed", change.changed(), parts);
		part("removed", change.removed(), parts);
		return "Reloaded skills (generation " + change.generation() + "): " + String.join("; ", parts);
	}

	private static void part(String verb, Set<String> names, List<String> parts) {
		if (names.isEmpty()) {
			return;
		}
		List<String> sorted = names.stream().sorted().limit(MAX_NAMES).toList();
		String more = (names.size() > MAX_NAMES) ? " and " + (names.size() - MAX_NAMES) + " more" : "";
		parts.add(verb + " " + String.join(", ", sorted) + more);
	}

}
