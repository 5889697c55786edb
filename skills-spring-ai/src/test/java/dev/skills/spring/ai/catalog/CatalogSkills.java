package dev.skills.spring.ai.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;

/**
 * Writes real skill folders with chosen descriptions for the catalog tests, and finds the
 * threads their indexes leave.
 */
public final class CatalogSkills {

	private CatalogSkills() {
	}

	/**
	 * Write {@code <root>/<name>/SKILL.md}.
	 * @param root the skills folder
	 * @param name the skill name and folder
	 * @param description the description
	 * @param frontmatter more frontmatter lines, or empty
	 * @return the SKILL.md file
	 */
	public static Path skill(Path root, String name, String description, String frontmatter) {
		Path file = root.resolve(name).resolve("SKILL.md");
		try {
			Files.createDirectories(file.getParent());
			return Files.writeString(file, "---\nname: " + name + "\ndescription: \"" + description + "\"\n"
					+ (frontmatter.isEmpty() ? "" : frontmatter + "\n") + "---\nInstructions of " + name + ".\n",
					StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Write {@code <root>/<name>/SKILL.md} with a body of its own.
	 */
	public static Path withBody(Path root, String name, String description, String body) {
		Path file = root.resolve(name).resolve("SKILL.md");
		try {
			Files.createDirectories(file.getParent());
			return Files.writeString(file,
					"---\nname: " + name + "\ndescription: \"" + description + "\"\n---\n" + body,
					StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public static Path skill(Path root, String name, String description) {
		return skill(root, name, description, "");
	}

	/**
	 * {@code count} generated skills {@code skill-0000 ...} about made-up topics.
	 */
	public static void many(Path root, int count) {
		for (int i = 0; i < count; i++) {
			skill(root, "skill-%04d".formatted(i),
					"Handles topic number %d of the generated set: reviews, summarises ".formatted(i)
							+ "and files the quarterly paperwork of team %d.".formatted(i % 97));
		}
	}

	/**
	 * A registry over one folder, without a watcher.
	 */
	public static SkillsRegistry registry(Path root) {
		return SkillsRegistry.create(SkillConfig.builder().skillsDir(root.toString()).build());
	}

	/**
	 * The live threads of a name, such as an index's own thread.
	 */
	public static List<Thread> alive(String name) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().equals(name) && thread.isAlive())
			.toList();
	}

}
