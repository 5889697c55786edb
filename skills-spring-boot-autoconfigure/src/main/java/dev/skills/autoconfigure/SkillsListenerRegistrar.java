package dev.skills.autoconfigure;

import java.util.List;

import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Registers every {@link SkillsListener} bean with the registry, in their order, once all
 * singletons exist, and removes them when the context closes.
 */
final class SkillsListenerRegistrar implements SmartInitializingSingleton, DisposableBean {

	private final SkillsRegistry registry;

	private final ObjectProvider<SkillsListener> listeners;

	private List<SkillsListener> registered = List.of();

	SkillsListenerRegistrar(SkillsRegistry registry, ObjectProvider<SkillsListener> listeners) {
		this.registry = registry;
		this.listeners = listeners;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.registered = this.listeners.orderedStream().toList();
		this.registered.forEach(this.registry::addListener);
	}

	@Override
	public void destroy() {
		this.registered.forEach(this.registry::removeListener);
	}

}
