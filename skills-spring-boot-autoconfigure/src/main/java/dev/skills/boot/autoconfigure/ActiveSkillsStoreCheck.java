package dev.skills.boot.autoconfigure;

import dev.skills.boot.autoconfigure.SkillsActiveSkillsProperties.Store;
import dev.skills.boot.diagnostics.SkillsPropertyFailures;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.util.ClassUtils;

/**
 * Fails start-up when the jdbc store is asked for but the in-memory store is about to be
 * made instead, saying what the application lacks.
 */
final class ActiveSkillsStoreCheck {

	private ActiveSkillsStoreCheck() {
	}

	static void check(SkillsProperties properties, ClassLoader classLoader) {
		if (properties.getActiveSkills().getStore() != Store.JDBC) {
			return;
		}
		if (!ClassUtils.isPresent("dev.skills.jdbc.JdbcActiveSkillsRepository", classLoader)) {
			throw missing("the dev.skills:skills-jdbc module is not on the class path",
					"Add the dependency dev.skills:skills-jdbc");
		}
		if (!ClassUtils.isPresent("org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer",
				classLoader)) {
			throw missing("Spring Boot's JDBC support is not on the class path",
					"Add the dependency org.springframework.boot:spring-boot-starter-jdbc and a JDBC driver");
		}
		throw missing("the application has no single DataSource bean",
				"Add org.springframework.boot:spring-boot-starter-jdbc and a JDBC driver (for example "
						+ "org.postgresql:postgresql) and set spring.datasource.url, or mark one DataSource @Primary");
	}

	private static InvalidConfigurationPropertyValueException missing(String reason, String action) {
		return SkillsPropertyFailures.invalid(SkillsProperties.PREFIX + ".active-skills.store", Store.JDBC,
				"active skills cannot be kept in a database: " + reason,
				action + ", or set skills.active-skills.store=memory to keep them in this instance's memory.");
	}

}
