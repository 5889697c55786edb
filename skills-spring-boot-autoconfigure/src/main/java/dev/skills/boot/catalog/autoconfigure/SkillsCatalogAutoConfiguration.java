package dev.skills.boot.catalog.autoconfigure;

import java.util.Map;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.catalog.FirstUseRetriever;
import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.EmbeddingSkillIndex;
import dev.skills.spring.ai.catalog.index.FusedSkillRetriever;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import dev.skills.spring.ai.catalog.index.SkillRetriever;

import org.springframework.ai.embedding.EmbeddingModel;
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
 * first does not fit; with {@code skills.catalog.embeddings.enabled}, the keyword index
 * fused with an {@link EmbeddingSkillIndex} over the application's
 * {@link EmbeddingModel}. The indexes built here are fed the registry's changes by the
 * {@link SkillIndexUpdater} bean.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class, before = SkillsChatClientAutoConfiguration.class)
@ConditionalOnClass(SkillCatalog.class)
@ConditionalOnBooleanProperty(name = "skills.enabled", matchIfMissing = true)
@ConditionalOnBean(SkillsRegistry.class)
@EnableConfigurationProperties(SkillsCatalogProperties.class)
public final class SkillsCatalogAutoConfiguration {

	private static final String EMBEDDINGS = SkillsCatalogProperties.PREFIX + ".embeddings.enabled";

	// Feeds the indexes built here, each from the moment it is built.
	@Bean
	@ConditionalOnMissingBean
	SkillIndexUpdater skillsIndexUpdater(SkillsRegistry registry) {
		return new SkillIndexUpdater(registry);
	}

	@Bean
	@Lazy
	@ConditionalOnMissingBean(SkillRetriever.class)
	@ConditionalOnBooleanProperty(name = EMBEDDINGS, havingValue = false, matchIfMissing = true)
	KeywordSkillIndex skillsKeywordIndex(SkillIndexUpdater updater, SkillsCatalogProperties properties) {
		return updater.feed(new KeywordSkillIndex(properties.getIndexedBodyChars()));
	}

	// Not lazy: every skill is embedded from start-up on, and a missing model fails the
	// start, not the first request that needs the ranking.
	@Bean
	@ConditionalOnMissingBean(SkillRetriever.class)
	@ConditionalOnBooleanProperty(EMBEDDINGS)
	FusedSkillRetriever skillsFusedRetriever(SkillIndexUpdater updater, SkillsCatalogProperties properties,
			ObjectProvider<EmbeddingModel> models) {
		EmbeddingModel model = models.getIfUnique();
		if (model == null) {
			throw new IllegalStateException(EMBEDDINGS + " is true, but there is no single EmbeddingModel bean: add a "
					+ "Spring AI embedding model starter (such as spring-ai-starter-model-openai or "
					+ "spring-ai-starter-model-ollama), or mark one of several @Primary");
		}
		return FusedSkillRetriever.of(updater.feed(new KeywordSkillIndex(properties.getIndexedBodyChars())),
				updater.feed(new EmbeddingSkillIndex(model)));
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
