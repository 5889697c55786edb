package dev.skills.jdbc;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

class JdbcActiveSkillsRuntimeHintsTests {

	@Test
	void whenAotProcessingLoadsRegistrarsThenTheSchemaScriptsAreIncludedInTheNativeImage() {
		List<RuntimeHintsRegistrar> registrars = SpringFactoriesLoader
			.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class)
			.stream()
			.filter(JdbcActiveSkillsRuntimeHints.class::isInstance)
			.toList();
		assertThat(registrars).hasSize(1);
		RuntimeHints hints = new RuntimeHints();
		registrars.get(0).registerHints(hints, getClass().getClassLoader());

		assertThat(RuntimeHintsPredicates.resource().forResource(JdbcActiveSkillsDialect.postgresql().schemaLocation()))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource(JdbcActiveSkillsDialect.h2().schemaLocation()))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("dev/skills/jdbc/other.txt")).rejects(hints);
	}

}
