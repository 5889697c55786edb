package dev.skills.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes skill folders ({@code <name>/SKILL.md} and the files bundled with it) for tests,
 * typically into a JUnit {@code @TempDir} that {@code skills.skills-dir} then points at.
 * Every method creates the folders it needs and writes UTF-8; an {@link IOException}
 * surfaces as an {@link UncheckedIOException}, so that tests need no {@code throws}.
 */
public final class SkillFixtures {

	private SkillFixtures() {
	}

	/**
	 * The text of a {@code SKILL.md} with a name, a description and a body.
	 * @param name the skill name
	 * @param description the description
	 * @param body the instructions
	 * @return the file's text
	 */
	public static String skillMd(String name, String description, String body) {
		return skillMd(name, description, "", body);
	}

	/**
	 * The text of a {@code SKILL.md} with further frontmatter lines after the name and
	 * the description.
	 * @param name the skill name
	 * @param description the description
	 * @param frontmatter further YAML lines (such as {@code allowed-tools: Read}), or
	 * empty
	 * @param body the instructions
	 * @return the file's text
	 */
	public static String skillMd(String name, String description, String frontmatter, String body) {
		return "---\nname: " + name + "\ndescription: " + description + "\n"
				+ (frontmatter.isEmpty() ? "" : frontmatter + "\n") + "---\n" + body + "\n";
	}

	/**
	 * Write {@code <parent>/<name>/SKILL.md} with the description
	 * {@code Does <name> things.} and the body {@code Instructions of <name>.}.
	 * @param parent the skills folder
	 * @param name the skill name, also its folder's name
	 * @return the skill folder
	 */
	public static Path skill(Path parent, String name) {
		return skill(parent, name, "Does " + name + " things.", "Instructions of " + name + ".");
	}

	/**
	 * Write {@code <parent>/<name>/SKILL.md}.
	 * @param parent the skills folder
	 * @param name the skill name, also its folder's name
	 * @param description the description
	 * @param body the instructions
	 * @return the skill folder
	 */
	public static Path skill(Path parent, String name, String description, String body) {
		return rawSkill(parent, name, skillMd(name, description, body));
	}

	/**
	 * Write {@code <parent>/<name>/SKILL.md} with the description
	 * {@code Does <name> things.} and further frontmatter lines.
	 * @param parent the skills folder
	 * @param name the skill name, also its folder's name
	 * @param frontmatter further YAML lines (such as {@code allowed-tools: Read}), or
	 * empty
	 * @param body the instructions
	 * @return the skill folder
	 */
	public static Path skillWithFrontmatter(Path parent, String name, String frontmatter, String body) {
		return rawSkill(parent, name, skillMd(name, "Does " + name + " things.", frontmatter, body));
	}

	/**
	 * Write {@code <parent>/<folder>/SKILL.md} with the given text, frontmatter included:
	 * for a skill whose folder is not named like the skill, or a broken one.
	 * @param parent the skills folder
	 * @param folder the skill folder's path relative to {@code parent}
	 * @param skillMd the whole file
	 * @return the skill folder
	 */
	public static Path rawSkill(Path parent, String folder, String skillMd) {
		return write(parent.resolve(folder).resolve("SKILL.md"), skillMd).getParent();
	}

	/**
	 * Write a file bundled with a skill, such as {@code references/guide.md}.
	 * @param skillFolder the skill folder (or any folder)
	 * @param relative the file's path relative to it
	 * @param text the file's text
	 * @return the file
	 */
	public static Path file(Path skillFolder, String relative, String text) {
		return write(skillFolder.resolve(relative), text);
	}

	/**
	 * Write a UTF-8 text file, creating its folders.
	 * @param file the file
	 * @param text the text
	 * @return the file
	 */
	public static Path write(Path file, String text) {
		return write(file, text.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * Write a file, creating its folders.
	 * @param file the file
	 * @param bytes the content
	 * @return the file
	 */
	public static Path write(Path file, byte[] bytes) {
		try {
			Path parent = file.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			return Files.write(file, bytes);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
