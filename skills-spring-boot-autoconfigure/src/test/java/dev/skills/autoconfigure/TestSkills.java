package dev.skills.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes real skill folders for the tests.
 */
public final class TestSkills {

	private TestSkills() {
	}

	/**
	 * Write {@code
	 *
	<dir>
	 * /<name>/SKILL.md} with a name, a description and a body.
	 * @param dir the location
	 * @param name the skill name (also its folder)
	 * @param description the description
	 * @param body the instructions
	 * @return the skill folder
	 */
	public static Path skill(Path dir, String name, String description, String body) {
		return write(dir.resolve(name).resolve("SKILL.md"),
				"---\nname: " + name + "\ndescription: " + description + "\n---\n" + body + "\n");
	}

	/**
	 * Write a SKILL.md with the given text, frontmatter included.
	 * @param dir the location
	 * @param folder the skill folder name
	 * @param content the whole file
	 * @return the skill folder
	 */
	public static Path rawSkill(Path dir, String folder, String content) {
		return write(dir.resolve(folder).resolve("SKILL.md"), content);
	}

	/**
	 * Write a file bundled with a skill.
	 * @param skillFolder the skill folder
	 * @param path the relative path
	 * @param content the text
	 * @return the skill folder
	 */
	public static Path file(Path skillFolder, String path, String content) {
		write(skillFolder.resolve(path), content);
		return skillFolder;
	}

	private static Path write(Path file, String content) {
		try {
			Files.createDirectories(file.getParent());
			Files.writeString(file, content);
			return file.getParent();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
