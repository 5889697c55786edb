package dev.skills.boot.jdbc.autoconfigure;

import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsProperties;
import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.boot.jdbc.ActiveSkillsTableMissingException;
import dev.skills.boot.jdbc.JdbcActiveSkillsSchemaInitializer;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.jdbc.FailSafeActiveSkillsRepository;
import dev.skills.jdbc.JdbcActiveSkillsDialect;
import dev.skills.jdbc.JdbcActiveSkillsExpiry;
import dev.skills.jdbc.JdbcActiveSkillsRepository;
import dev.skills.jdbc.JdbcActiveSkillsSchema;
import dev.skills.jdbc.embedding.JdbcEmbeddingCache;
import dev.skills.spring.ai.catalog.index.cache.EmbeddingCache;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Auto-configuration of active skills kept in the application's {@link DataSource}
 * ({@code skills.active-skills.store=jdbc}), so that every instance sees them: the
 * {@link JdbcActiveSkillsRepository} behind a {@link FailSafeActiveSkillsRepository}
 * (every call bounded by {@code skills.active-skills.jdbc.timeout}; a failing database
 * degrades chats instead of failing them), its table (checked at start-up) and the
 * background deletion of expired conversations, and the {@link JdbcEmbeddingCache} that
 * keeps the skills index's vectors for every instance. Without a DataSource,
 * {@link SkillsAutoConfiguration} explains what to add.
 */
@AutoConfiguration(before = SkillsAutoConfiguration.class,
		afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass({ JdbcActiveSkillsRepository.class, DataSourceScriptDatabaseInitializer.class })
@ConditionalOnBooleanProperty(name = "skills.enabled", matchIfMissing = true)
@ConditionalOnProperty(name = "skills.active-skills.store", havingValue = "jdbc")
@ConditionalOnSingleCandidate(DataSource.class)
@ConditionalOnMissingBean(ActiveSkillsRepository.class)
@EnableConfigurationProperties({ SkillsProperties.class, SkillsJdbcProperties.class })
public final class SkillsJdbcAutoConfiguration {

	private static final String TABLE_NAME = SkillsJdbcProperties.PREFIX + ".table-name";

	private static final String TIMEOUT = SkillsJdbcProperties.PREFIX + ".timeout";

	@Bean
	@ConditionalOnMissingBean
	JdbcActiveSkillsDialect jdbcActiveSkillsDialect(DataSource dataSource) {
		return JdbcActiveSkillsDialect.from(dataSource);
	}

	@Bean
	@ConditionalOnMissingBean
	JdbcActiveSkillsSchemaInitializer jdbcActiveSkillsSchemaInitializer(DataSource dataSource,
			JdbcActiveSkillsDialect dialect, SkillsJdbcProperties properties) {
		checkTableName(properties);
		return new JdbcActiveSkillsSchemaInitializer(dataSource, dialect, properties.getTableName(),
				properties.getInitializeSchema());
	}

	@Bean
	FailSafeActiveSkillsRepository activeSkillsRepository(DataSource dataSource, JdbcActiveSkillsDialect dialect,
			SkillsProperties properties, SkillsJdbcProperties jdbcProperties,
			ObjectProvider<JdbcActiveSkillsSchemaInitializer> schema) {
		// Made first, so that the table exists before the first request reads it.
		schema.getIfAvailable();
		Map<String, String> propertyOf = Map.of("tableName", TABLE_NAME, "ttl",
				SkillsProperties.PREFIX + ".active-skills.ttl", "timeout", TIMEOUT, "maxConversations",
				SkillsJdbcProperties.PREFIX + ".max-conversations");
		Duration timeout = jdbcProperties.getTimeout();
		JdbcActiveSkillsRepository repository = SkillsPropertyFailures.check(propertyOf::get,
				() -> JdbcActiveSkillsRepository
					.builder(JdbcClient.create(boundedTemplate(dataSource, timeout)), dialect)
					.tableName(jdbcProperties.getTableName())
					.ttl(properties.getActiveSkills().getTtl())
					.maxConversations(jdbcProperties.getMaxConversations())
					.build());
		if (!JdbcActiveSkillsSchema.exists(dataSource, jdbcProperties.getTableName())) {
			throw new ActiveSkillsTableMissingException(jdbcProperties.getTableName(), dialect.schemaLocation(),
					jdbcProperties.getInitializeSchema());
		}
		return SkillsPropertyFailures.check(propertyOf::get,
				() -> new FailSafeActiveSkillsRepository(repository, timeout));
	}

	// The skills index's vectors in the same database, so that a fleet embeds each skill
	// once; its table is created with the active skills table.
	@Bean
	@ConditionalOnMissingBean(EmbeddingCache.class)
	JdbcEmbeddingCache skillsEmbeddingCache(DataSource dataSource, JdbcActiveSkillsDialect dialect,
			SkillsJdbcProperties properties, ObjectProvider<JdbcActiveSkillsSchemaInitializer> schema) {
		schema.getIfAvailable();
		return new JdbcEmbeddingCache(boundedTemplate(dataSource, properties.getTimeout()), dialect,
				JdbcEmbeddingCache.DEFAULT_TABLE_NAME);
	}

	@Bean
	JdbcActiveSkillsExpiry jdbcActiveSkillsExpiry(FailSafeActiveSkillsRepository repository,
			SkillsProperties properties) {
		// The repository, made first, has checked the time to live.
		return new JdbcActiveSkillsExpiry((JdbcActiveSkillsRepository) repository.delegate(),
				JdbcActiveSkillsExpiry.intervalFor(properties.getActiveSkills().getTtl()));
	}

	// Statements end at the timeout too, so that a slow one frees its thread.
	private static JdbcTemplate boundedTemplate(DataSource dataSource, Duration timeout) {
		JdbcTemplate template = new JdbcTemplate(dataSource);
		if (!timeout.isNegative() && !timeout.isZero()) {
			template.setQueryTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, (timeout.toMillis() + 999) / 1000)));
		}
		return template;
	}

	private static String checkTableName(SkillsJdbcProperties properties) {
		return SkillsPropertyFailures.check(TABLE_NAME,
				() -> JdbcActiveSkillsSchema.checkTableName(properties.getTableName()));
	}

}
