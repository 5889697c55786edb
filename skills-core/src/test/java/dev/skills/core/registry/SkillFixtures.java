package dev.skills.core.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes skill folders for tests.
 */
final class SkillFixtures {

	private SkillFixtures() {
	}

	/**
	 * The text of a {@code SKILL.md}.
	 */
	static String skillMd(String name, String description, String body) {
		return "---\nname: " + name + "\ndescription: " + description + "\n---\n" + body + "\n";
	}

	/**
	 * A {@code SKILL.md} whose frontmatter YAML cannot be read, even after the loader's
	 * repair.
	 */
	static String brokenSkillMd(String name) {
		return "---\nname: " + name + "\ndescription: \"unterminated\n---\nbody\n";
	}

	/**
	 * Write {@code <parent>/<folder>/SKILL.md} and return the skill folder.
	 */
	static Path writeSkill(Path parent, String folder, String name, String description, String body) {
		Path directory = parent.resolve(folder);
		write(directory.resolve("SKILL.md"), skillMd(name, description, body));
		return directory;
	}

	/**
	 * Write {@code <parent>/<name>/SKILL.md} for a skill named like its folder.
	 */
	static Path writeSkill(Path parent, String name) {
		return writeSkill(parent, name, name, "Does " + name + " things.", "Instructions of " + name + ".");
	}

	static Path write(Path file, String text) {
		return write(file, text.getBytes(StandardCharsets.UTF_8));
	}

	static Path write(Path file, byte[] bytes) {
		try {
			Files.createDirectories(file.getParent());
			return Files.write(file, bytes);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
