package dev.skills.core.registry.it;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;

/**
 * The main class of the executable jar that {@code NestedJarRegistryTests} builds and
 * runs: it creates a registry with the default configuration
 * ({@code classpath*:META-INF/skills/}) and prints what it finds, one fact per line.
 */
public final class NestedJarApp {

	private NestedJarApp() {
	}

	public static void main(String[] args) {
		try (SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().build())) {
			System.out.println("names=" + String.join(",", registry.names()));
			System.out.println("diagnostics=" + registry.diagnostics());
			for (SkillMeta skill : registry.snapshot().skills()) {
				System.out.println("location[" + skill.name() + "]=" + skill.location());
				System.out
					.println("body[" + skill.name() + "]=" + registry.snapshot().load(skill.name()).instructions());
				System.out.println("files[" + skill.name() + "]=" + registry.snapshot().load(skill.name()).files());
			}
			for (String arg : args) {
				int slash = arg.indexOf('/');
				String text = registry.snapshot().readFile(arg.substring(0, slash), arg.substring(slash + 1), 1_000);
				System.out.println("file[" + arg + "]=" + text.replace("\n", "\\n"));
			}
		}
	}

}
