package dev.skills.jdbc;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * Includes the schema scripts in a native image, so that the table can be created there.
 */
class JdbcActiveSkillsRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern("dev/skills/jdbc/schema-*.sql");
	}

}
