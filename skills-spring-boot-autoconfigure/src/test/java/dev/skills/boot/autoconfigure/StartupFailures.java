package dev.skills.boot.autoconfigure;

import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Spring Boot tells the user about a context that failed to start.
 */
public final class StartupFailures {

	private StartupFailures() {
	}

	/**
	 * The analysis Spring Boot prints: the first answer of every registered
	 * {@link FailureAnalyzer}, in their order. The environment holds no {@code skills.*}
	 * property, so Boot's analyzer prints the value that the failure carries.
	 * @param context the failed context
	 * @return the analysis
	 */
	public static FailureAnalysis analyze(ApplicationContextAssertProvider<?> context) {
		assertThat(context).hasFailed();
		ArgumentResolver arguments = ArgumentResolver.of(BeanFactory.class, new DefaultListableBeanFactory())
			.and(Environment.class, new StandardEnvironment());
		// As in Boot, an analyzer whose classes are not on the class path is left out.
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class, arguments, (type, name, failure) -> {
			});
		for (FailureAnalyzer analyzer : analyzers) {
			FailureAnalysis analysis = analyzer.analyze(context.getStartupFailure());
			if (analysis != null) {
				return analysis;
			}
		}
		throw new AssertionError("No analysis of " + context.getStartupFailure());
	}

	/**
	 * The description Boot's analyzer gives for an invalid property value.
	 * @param property the property
	 * @param value the value as printed
	 * @param reason our reason
	 * @return the description
	 */
	public static String invalidValue(String property, String value, String reason) {
		return "Invalid value '" + value + "' for configuration property '" + property
				+ "'. Validation failed for the following reason:" + System.lineSeparator() + System.lineSeparator()
				+ reason;
	}

	/**
	 * The invalid property value that stopped the context.
	 * @param context the failed context
	 * @return the exception in the failure's causes
	 */
	public static InvalidConfigurationPropertyValueException invalidProperty(AssertableApplicationContext context) {
		assertThat(context).hasFailed();
		for (Throwable cause = context.getStartupFailure(); cause != null; cause = cause.getCause()) {
			if (cause instanceof InvalidConfigurationPropertyValueException invalid) {
				return invalid;
			}
		}
		throw new AssertionError("No invalid property value in " + context.getStartupFailure());
	}

}
