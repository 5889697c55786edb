package dev.skills.sample;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * With the {@code openai} profile, stops start-up before any bean is made when
 * {@code OPENAI_API_KEY} is not set: without it the application would start and fail on
 * the first chat.
 */
@Component
@Profile("openai")
class OpenAiKeyCheck implements BeanFactoryPostProcessor, EnvironmentAware {

	static final String API_KEY = "spring.ai.openai.api-key";

	private Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		if (!StringUtils.hasText(this.environment.getProperty(API_KEY))) {
			throw new InvalidConfigurationPropertyValueException(API_KEY, "",
					"The openai profile reads the API key from the environment variable OPENAI_API_KEY, which is "
							+ "not set. Set OPENAI_API_KEY to your OpenAI API key, or run without the openai profile "
							+ "to use the offline model.");
		}
	}

}
