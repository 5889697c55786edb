package dev.skills.spring.ai;

import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;

/**
 * Registries for the tests, over folders written with
 * {@code dev.skills.test.SkillFixtures}.
 */
public final class TestRegistries {

	private TestRegistries() {
	}

	/**
	 * A registry over one folder only (not the classpath), without a watcher.
	 * @param root the skills folder
	 * @return the registry
	 */
	public static SkillsRegistry of(Path root) {
		return SkillsRegistry.create(SkillConfig.builder().skillsDir(root.toString()).build());
	}

}
