package dev.skills.boot.autoconfigure;

import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.observation.SkillObservationConvention;
import dev.skills.spring.ai.observation.SkillSearchObservationConvention;
import dev.skills.spring.ai.set.SkillSetResolver;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.tool.SkillInvocationListener;
import dev.skills.spring.ai.tool.SkillScriptRunner;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.spring.ai.tool.scope.SkillsToolCallingManager;
import dev.skills.spring.ai.usage.SkillUsage;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the Spring AI side: the skill tools, the {@link SkillsAdvisor}, a
 * {@link ChatClientBuilderCustomizer} that adds the advisor to every auto-configured
 * {@code ChatClient.Builder}, and the tools as a {@code ToolCallbackProvider} named
 * {@code skillsToolCallbackProvider}. The tools are observed with the application's
 * {@code ObservationRegistry}, named and tagged by its {@link SkillObservationConvention}
 * and {@link SkillSearchObservationConvention} beans when it declares them; requests see
 * the {@link SkillSets} bean's sets, named by a {@link SkillSetResolver} bean if any.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnClass(ChatClient.class)
@ConditionalOnSkillsEnabled
@ConditionalOnBean(SkillsRegistry.class)
public final class SkillsChatClientAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SkillsTools skillsTools(SkillsRegistry registry, ActiveSkillsRepository activeSkills, SkillsProperties properties,
			ObjectProvider<SkillInvocationListener> listeners, ObjectProvider<ObservationRegistry> observations,
			ObjectProvider<SkillObservationConvention> convention,
			ObjectProvider<SkillSearchObservationConvention> searchConvention, ObjectProvider<SkillUsage> usage,
			ObjectProvider<SkillSets> sets, ObjectProvider<SkillScriptRunner> scriptRunner) {
		SkillsStartup.checkPreload(registry, properties.getPreload());
		SkillsTools.Builder tools = SkillsTools.builder(registry)
			.activeSkillsRepository(activeSkills)
			.preload(properties.getPreload())
			.listBuiltins(properties.getBuiltin().isCatalog())
			.listeners(listeners.orderedStream().toList())
			.observationRegistry(observations.getIfUnique(() -> ObservationRegistry.NOOP));
		convention.ifUnique(tools::observationConvention);
		searchConvention.ifUnique(tools::searchObservationConvention);
		usage.ifUnique((skillUsage) -> tools.pinRecorder(skillUsage::pinned));
		sets.ifUnique(tools::skillSets);
		scriptRunner.ifUnique(tools::scriptRunner);
		return tools.build();
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "skills.advisor.enabled", matchIfMissing = true)
	SkillsAdvisor skillsAdvisor(SkillsTools tools, SkillsProperties properties, ObjectProvider<SkillCatalog> catalog,
			ObjectProvider<SkillSetResolver> resolver) {
		// Mode and preload-from come with the registry's SkillConfig.
		SkillsAdvisor.Builder advisor = SkillsAdvisor.builder(tools).order(properties.getAdvisor().getOrder());
		catalog.ifAvailable(advisor::catalog);
		resolver.ifUnique(advisor::skillSetResolver);
		return advisor.build();
	}

	@Bean
	static BeanPostProcessor skillsToolCallingManagerPostProcessor() {
		return new ToolCallingManagerWrapper();
	}

	@Bean
	@ConditionalOnBean(SkillsAdvisor.class)
	@ConditionalOnMissingBean(name = "skillsChatClientBuilderCustomizer")
	ChatClientBuilderCustomizer skillsChatClientBuilderCustomizer(SkillsAdvisor advisor) {
		return (builder) -> builder.defaultAdvisors(advisor);
	}

	@Bean
	@ConditionalOnMissingBean(name = "skillsToolCallbackProvider")
	@ConditionalOnBooleanProperty(name = "skills.tools.enabled", matchIfMissing = true)
	SkillsToolCallbackProvider skillsToolCallbackProvider(SkillsRegistry registry, SkillsTools tools,
			ObjectProvider<SkillCatalog> catalog) {
		return new SkillsToolCallbackProvider(tools,
				catalog.getIfAvailable(() -> SkillCatalog.builder(registry).build()));
	}

	/**
	 * Wraps each tool-calling manager once, keeping the one it wraps (the application's,
	 * or Spring AI's) for everything the skills do not refuse.
	 */
	static final class ToolCallingManagerWrapper implements BeanPostProcessor {

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (bean instanceof ToolCallingManager manager && !(bean instanceof SkillsToolCallingManager)) {
				return new SkillsToolCallingManager(manager);
			}
			return bean;
		}

	}

}
