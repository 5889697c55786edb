package dev.skills.spring.ai;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;

/**
 * Writes real skill folders for the tests.
 */
final class TestSkills {

	private TestSkills() {
	}

	/**
	 * Write {@code <root>/<name>/SKILL.md}.
	 * @param root the skills folder
	 * @param name the skill name (and folder name)
	 * @param frontmatter extra frontmatter lines after name and description, or empty
	 * @param body the instructions
	 * @return the skill folder
	 */
	static Path skill(Path root, String name, String frontmatter, String body) {
		Path directory = root.resolve(name);
		write(directory.resolve("SKILL.md"), "---\nname: " + name + "\ndescription: Does " + name + " things.\n"
				+ (frontmatter.isEmpty() ? "" : frontmatter + "\n") + "---\n" + body + "\n");
		return directory;
	}

	/**
	 * A skill with a default body and no extra frontmatter.
	 */
	static Path skill(Path root, String name) {
		return skill(root, name, "", "Instructions of " + name + ".");
	}

	static Path write(Path file, String text) {
		try {
			Files.createDirectories(file.getParent());
			return Files.writeString(file, text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A registry over one folder only (not the classpath), without a watcher.
	 */
	static SkillsRegistry registry(Path root) {
		return SkillsRegistry.create(SkillConfig.builder().skillsDir(root.toString()).build());
	}

}
