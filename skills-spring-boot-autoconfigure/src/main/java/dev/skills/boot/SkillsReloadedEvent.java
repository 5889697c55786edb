package dev.skills.boot;

import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;

import org.springframework.context.ApplicationEvent;

/**
 * Published once per reload that changed the skills (hot reload, {@code POST
 * /actuator/skills} or {@link SkillsRegistry#refresh}), on the registry's listener
 * thread, not the thread that applied it; reloads that follow one another faster than the
 * application's listeners take them come as one event, with the newest snapshot
 * ({@code getChange().snapshot()}). Listen with {@code @EventListener}.
 */
public class SkillsReloadedEvent extends ApplicationEvent {

	private final SkillsChange change;

	/**
	 * Create the event.
	 * @param registry the registry that reloaded
	 * @param change what was added, changed and removed, and the new generation
	 */
	public SkillsReloadedEvent(SkillsRegistry registry, SkillsChange change) {
		super(registry);
		this.change = change;
	}

	/**
	 * What the reload changed.
	 * @return the change: added, changed and removed names, and the generation
	 */
	public SkillsChange getChange() {
		return this.change;
	}

	/**
	 * The registry that reloaded.
	 * @return the registry
	 */
	public SkillsRegistry getRegistry() {
		return (SkillsRegistry) getSource();
	}

}
