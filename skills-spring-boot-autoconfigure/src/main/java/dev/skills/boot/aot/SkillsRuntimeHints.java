package dev.skills.boot.aot;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * Includes the skills packaged under {@code META-INF/skills/} in a native image, so that
 * classpath skills and their bundled files can be read there.
 */
class SkillsRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern("META-INF/skills/**");
	}

}
