package dev.skills.autoconfigure.catalog;

import java.util.Map;

import dev.skills.autoconfigure.SkillsAutoConfiguration;
import dev.skills.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.autoconfigure.SkillsPropertyFailures;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.SkillRetriever;

import org.springframework.ai.tokenizer.TokenCountEstimator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;

/**
 * Auto-configuration of the {@link SkillCatalog}: the catalog within
 * {@code skills.catalog.max-tokens}, counted by the application's
 * {@link TokenCountEstimator} bean (cl100k without one), ranked by the application's
 * {@link SkillRetriever} bean or a {@link KeywordSkillIndex}, built when the catalog
 * first does not fit.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class, before = SkillsChatClientAutoConfiguration.class)
@ConditionalOnClass(SkillCatalog.class)
@ConditionalOnBooleanProperty(name = "skills.enabled", matchIfMissing = true)
@ConditionalOnBean(SkillsRegistry.class)
@EnableConfigurationProperties(SkillsCatalogProperties.class)
public final class SkillsCatalogAutoConfiguration {

	@Bean
	@Lazy
	@ConditionalOnMissingBean(SkillRetriever.class)
	KeywordSkillIndex skillsKeywordIndex(SkillsRegistry registry, SkillsCatalogProperties properties) {
		return KeywordSkillIndex.of(registry, properties.getIndexedBodyChars());
	}

	@Bean
	@ConditionalOnMissingBean
	SkillCatalog skillCatalog(SkillsRegistry registry, SkillsCatalogProperties properties,
			ObjectProvider<SkillRetriever> retriever, ObjectProvider<TokenCountEstimator> estimator) {
		Map<String, String> propertyOf = Map.of("maxTokens", SkillsCatalogProperties.PREFIX + ".max-tokens",
				"searchResults", SkillsCatalogProperties.PREFIX + ".search-results");
		SkillCatalog.Builder catalog = SkillsPropertyFailures
			.check(propertyOf::get,
					() -> SkillCatalog.builder(registry)
						.maxTokens(properties.getMaxTokens())
						.searchResults(properties.getSearchResults()))
			.alwaysInclude(properties.getAlwaysInclude())
			// Resolved on first use: a catalog that always fits never builds the index.
			.retriever(new FirstUseRetriever(retriever));
		estimator.ifUnique(catalog::tokenCountEstimator);
		return catalog.build();
	}

}
