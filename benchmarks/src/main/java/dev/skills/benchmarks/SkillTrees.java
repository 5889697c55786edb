package dev.skills.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Generates folders of realistic skills in two shapes. The project's own: locations of up
 * to 1,000 skills in categories of 100, each skill with a frontmatter of about 300
 * characters, a body of about 3 KB and one bundled reference file. The peer-like one, as
 * other tools' benchmarks generate it: one location, 50 family folders, descriptions of
 * about 80 characters, 4 KB bodies.
 */
final class SkillTrees {

	private static final String BODY;

	static {
		StringBuilder body = new StringBuilder("# Instructions\n\n");
		while (body.length() < 3_000) {
			body.append(
					"Check the input, then follow the steps in references/GUIDE.md. Report what changed and why.\n");
		}
		BODY = body.toString();
	}

	private static final String PEER_BODY = "# Steps\n\n" + "Do the next step of the task and check it. ".repeat(95);

	private SkillTrees() {
	}

	/**
	 * Create {@code count} skills below a new temporary folder.
	 * @param count how many skills
	 * @return the folder
	 */
	static Path create(int count) {
		try {
			Path root = Files.createTempDirectory("skills-bench");
			for (int i = 0; i < count; i++) {
				Path skill = skillFile(root, i).getParent();
				Files.createDirectories(skill.resolve("references"));
				Files.writeString(skill.resolve("SKILL.md"), content(i, ""));
				Files.writeString(skill.resolve("references/GUIDE.md"), "# Guide\n\nStep one.\n");
			}
			return root;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Create {@code count} skills in the peer-like shape below a new temporary folder:
	 * one location, 50 family folders, short frontmatter, 4 KB bodies.
	 * @param count how many skills
	 * @return the folder, which is the location
	 */
	static Path createPeerLike(int count) {
		try {
			Path root = Files.createTempDirectory("skills-bench-peer");
			for (int i = 0; i < count; i++) {
				Path skill = root.resolve("family-" + (i % 50)).resolve(name(i));
				Files.createDirectories(skill);
				Files.writeString(skill.resolve("SKILL.md"), "---\nname: " + name(i) + "\ndescription: Helps with task "
						+ i + " of its family; use it when the user asks for exactly that.\n---\n" + PEER_BODY);
			}
			return root;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static String name(int i) {
		return String.format("skill-%05d", i);
	}

	static Path skillFile(Path root, int i) {
		return root.resolve("location-" + (i / 1000))
			.resolve("category-" + (i / 100))
			.resolve(name(i))
			.resolve("SKILL.md");
	}

	/**
	 * The locations holding the skills of a tree made by {@link #create(int)}.
	 * @param root the tree
	 * @param count how many skills it holds
	 * @return the location folders, as configuration strings
	 */
	static List<String> locations(Path root, int count) {
		return IntStream.range(0, (count + 999) / 1000)
			.mapToObj((i) -> root.resolve("location-" + i).toString())
			.toList();
	}

	/**
	 * The text of one skill.
	 * @param i the skill number
	 * @param suffix appended to the description, to make an edit
	 * @return the {@code SKILL.md} text
	 */
	static String content(int i, String suffix) {
		return frontmatter(i, suffix) + BODY;
	}

	static String frontmatter(int i, String suffix) {
		return "---\nname: " + name(i) + "\n" + "description: Handle task number " + i
				+ " end to end. Use when the user asks about task " + i
				+ " or anything close to it, including reports, fixes and reviews." + suffix + "\n"
				+ "license: Apache-2.0\n"
				+ "metadata:\n  author: benchmarks\n  version: \"1.0\"\n  tags: bench, generated\n"
				+ "allowed-tools: Read Bash(git:*)\n---\n";
	}

	static void delete(Path root) {
		try (Stream<Path> paths = Files.walk(root)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
