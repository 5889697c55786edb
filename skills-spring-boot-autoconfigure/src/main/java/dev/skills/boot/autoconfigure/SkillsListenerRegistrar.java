package dev.skills.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import dev.skills.core.registry.SkillsListener;
import dev.skills.core.registry.SkillsRegistry;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;

/**
 * Registers every {@link SkillsListener} singleton bean with the registry, in their
 * order, once all singletons exist, and removes them when the context closes. Each is
 * then told of changes on the registry's listener threads, apart from the others. A lazy
 * bean is left alone: creating it here would defeat its laziness.
 */
final class SkillsListenerRegistrar implements SmartInitializingSingleton, DisposableBean {

	private final SkillsRegistry registry;

	private final ConfigurableListableBeanFactory beanFactory;

	private List<SkillsListener> registered = List.of();

	SkillsListenerRegistrar(SkillsRegistry registry, ConfigurableListableBeanFactory beanFactory) {
		this.registry = registry;
		this.beanFactory = beanFactory;
	}

	@Override
	public void afterSingletonsInstantiated() {
		List<SkillsListener> listeners = new ArrayList<>();
		for (String name : this.beanFactory.getBeanNamesForType(SkillsListener.class, false, false)) {
			boolean lazy = this.beanFactory.containsBeanDefinition(name)
					&& this.beanFactory.getBeanDefinition(name).isLazyInit();
			if (!lazy) {
				listeners.add(this.beanFactory.getBean(name, SkillsListener.class));
			}
		}
		AnnotationAwareOrderComparator.sort(listeners);
		this.registered = List.copyOf(listeners);
		this.registered.forEach(this.registry::addListener);
	}

	@Override
	public void destroy() {
		this.registered.forEach(this.registry::removeListener);
	}

}
