package dev.skills.boot.aot;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsRuntimeHintsTests {

	@Test
	void whenAotProcessingLoadsRegistrarsThenSkillsResourcesAreIncludedInTheNativeImage() {
		List<RuntimeHintsRegistrar> registrars = SpringFactoriesLoader
			.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class)
			.stream()
			.filter(SkillsRuntimeHints.class::isInstance)
			.toList();
		assertThat(registrars).hasSize(1);
		RuntimeHints hints = new RuntimeHints();
		registrars.get(0).registerHints(hints, getClass().getClassLoader());

		assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/skills/pdf-processing/SKILL.md"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/skills/pdf-processing/references/FORMS.md"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("META-INF/other/file.txt")).rejects(hints);
	}

}
