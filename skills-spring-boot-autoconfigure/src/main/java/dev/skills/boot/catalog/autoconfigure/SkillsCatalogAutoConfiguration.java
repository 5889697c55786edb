package dev.skills.boot.catalog.autoconfigure;

import java.nio.file.Path;
import java.util.Map;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.catalog.FirstUseRetriever;
import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.EmbeddingSkillIndex;
import dev.skills.spring.ai.catalog.index.FusedSkillRetriever;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillIndexUpdater;
import dev.skills.spring.ai.catalog.index.SkillRetriever;
import dev.skills.spring.ai.catalog.index.cache.DiskEmbeddingCache;
import dev.skills.spring.ai.catalog.index.cache.EmbeddingCache;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.tokenizer.TokenCountEstimator;
import org.springframework.beans.BeanUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Lazy;
import org.springframework.util.ClassUtils;

/**
 * Auto-configuration of the {@link SkillCatalog}: the catalog within
 * {@code skills.catalog.max-tokens}, counted by the application's
 * {@link TokenCountEstimator} bean (cl100k without one), ranked by the application's
 * {@link SkillRetriever} bean or a {@link KeywordSkillIndex}, built when the catalog
 * first does not fit; when skills are ranked by meaning (skills-embeddings-local on the
 * class path, or {@code skills.catalog.embeddings.enabled}), the keyword index fused with
 * an {@link EmbeddingSkillIndex} over the local model or the application's
 * {@link EmbeddingModel}, its vectors cached in the application's {@link EmbeddingCache}
 * bean (the JDBC store's when {@code skills.active-skills.store=jdbc}) or on disk. It
 * adds no {@link EmbeddingModel} bean. The indexes built here are fed the registry's
 * changes by the {@link SkillIndexUpdater} bean.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class, before = SkillsChatClientAutoConfiguration.class)
@ConditionalOnClass(SkillCatalog.class)
@ConditionalOnBooleanProperty(name = "skills.enabled", matchIfMissing = true)
@ConditionalOnBean(SkillsRegistry.class)
@EnableConfigurationProperties(SkillsCatalogProperties.class)
public final class SkillsCatalogAutoConfiguration {

	private static final String MODEL = SkillsCatalogProperties.PREFIX + ".embeddings.model";

	// Feeds the indexes built here, each from the moment it is built.
	@Bean
	@ConditionalOnMissingBean
	SkillIndexUpdater skillsIndexUpdater(SkillsRegistry registry) {
		return new SkillIndexUpdater(registry);
	}

	@Bean
	@Lazy
	@ConditionalOnMissingBean(SkillRetriever.class)
	@Conditional(OnEmbeddingsCondition.Disabled.class)
	KeywordSkillIndex skillsKeywordIndex(SkillIndexUpdater updater, SkillsCatalogProperties properties) {
		return updater.feed(new KeywordSkillIndex(properties.getIndexedBodyChars()));
	}

	// Before the fused retriever: an application's own retriever needs no embeddings.
	@Bean
	@ConditionalOnMissingBean({ SkillsEmbeddings.class, SkillRetriever.class })
	@Conditional(OnEmbeddingsCondition.Enabled.class)
	SkillsEmbeddings skillsEmbeddings(SkillsCatalogProperties properties, ObjectProvider<EmbeddingModel> models,
			ObjectProvider<EmbeddingCache> caches) {
		SkillsCatalogProperties.Embeddings settings = properties.getEmbeddings();
		boolean local = ClassUtils.isPresent(OnEmbeddingsCondition.LOCAL_MODEL, getClass().getClassLoader());
		SkillsCatalogProperties.Model choice = (settings.getModel() != null) ? settings.getModel()
				: (local ? SkillsCatalogProperties.Model.LOCAL : SkillsCatalogProperties.Model.APPLICATION);
		// The application's cache (the JDBC store's, shared by a fleet) or one on disk.
		EmbeddingCache cache = caches.getIfUnique(() -> new DiskEmbeddingCache((settings.getCacheDir() != null)
				? settings.getCacheDir() : Path.of(System.getProperty("java.io.tmpdir"), "skills-embeddings")));
		if (choice == SkillsCatalogProperties.Model.LOCAL) {
			if (!local) {
				throw new IllegalStateException(MODEL + " is local, but skills-embeddings-local is not on the class "
						+ "path: add the dependency dev.skills:skills-embeddings-local, or set " + MODEL
						+ "=application to use the application's EmbeddingModel");
			}
			return new SkillsEmbeddings(localIndex(cache));
		}
		EmbeddingModel model = models.getIfUnique();
		if (model == null) {
			throw new IllegalStateException("Ranking by meaning with " + MODEL + "=application needs one "
					+ "EmbeddingModel bean, and there is none or several: add a Spring AI embedding model starter (such "
					+ "as spring-ai-starter-model-openai or spring-ai-starter-model-ollama), mark one of several "
					+ "@Primary, add dev.skills:skills-embeddings-local, or set " + OnEmbeddingsCondition.ENABLED
					+ "=false");
		}
		return new SkillsEmbeddings(new EmbeddingSkillIndex(model, model.getClass().getSimpleName(), cache));
	}

	// Not lazy: every skill is embedded from start-up on, and a missing model fails the
	// start, not the first request that needs the ranking.
	@Bean
	@ConditionalOnMissingBean(SkillRetriever.class)
	@Conditional(OnEmbeddingsCondition.Enabled.class)
	FusedSkillRetriever skillsFusedRetriever(SkillIndexUpdater updater, SkillsCatalogProperties properties,
			SkillsEmbeddings embeddings) {
		return FusedSkillRetriever.of(updater.feed(new KeywordSkillIndex(properties.getIndexedBodyChars())),
				updater.feed(embeddings.index()));
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

	// By name: this module does not depend on skills-embeddings-local, so that an
	// application without it loads none of its classes.
	private static EmbeddingSkillIndex localIndex(EmbeddingCache cache) {
		try {
			Class<?> type = ClassUtils.forName(OnEmbeddingsCondition.LOCAL_MODEL,
					SkillsCatalogAutoConfiguration.class.getClassLoader());
			EmbeddingModel model = (EmbeddingModel) BeanUtils.instantiateClass(type);
			return new EmbeddingSkillIndex(model, (String) type.getField("NAME").get(null), cache);
		}
		catch (ReflectiveOperationException | LinkageError ex) {
			throw new IllegalStateException("skills-embeddings-local is on the class path but cannot be loaded", ex);
		}
	}

}
