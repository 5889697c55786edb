package dev.skills.core.discover;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.parse.SkillLoader;
import dev.skills.core.resource.SkillFiles;

/**
 * Finds the skill folders below a location with a bounded breadth-first walk. A folder holding
 * a {@code SKILL.md} is a skill and is not searched further; {@code .git}, {@code node_modules},
 * {@code __pycache__} and hidden folders are skipped. The walk stops at
 * {@value #MAX_DEPTH} levels and {@value #MAX_DIRECTORIES} folders, with a warning, so that
 * pointing it at a home folder cannot hang start-up.
 */
public final class SkillFolders {

	/** The deepest level searched below a location (the location itself is level 0). */
	public static final int MAX_DEPTH = 6;

	/** The most folders visited per location. */
	public static final int MAX_DIRECTORIES = 2_000;

	private SkillFolders() {
	}

	/**
	 * Find the skill folders below a location, in breadth-first order (siblings sorted by name).
	 * @param location a folder of skills, or a single skill folder
	 * @return the skill folders and any warnings (a missing location, a limit reached)
	 */
	public static Scan find(Path location) {
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		if (!Files.isDirectory(location)) {
			String problem = Files.exists(location) ? "Skill location is not a directory"
					: "Skill location does not exist";
			diagnostics.add(SkillDiagnostic.warning(location.toString(), null, problem));
			return new Scan(List.of(), diagnostics);
		}
		List<Path> skills = new ArrayList<>();
		Deque<Level> queue = new ArrayDeque<>();
		queue.add(new Level(location, 0));
		int visited = 0;
		boolean tooDeep = false;
		while (!queue.isEmpty()) {
			Level current = queue.poll();
			if (++visited > MAX_DIRECTORIES) {
				diagnostics.add(SkillDiagnostic.warning(location.toString(), null, "Stopped searching for skills after "
						+ MAX_DIRECTORIES + " directories; point the location at a smaller folder"));
				break;
			}
			List<Path> children = new ArrayList<>();
			if (isSkill(current.directory(), children)) {
				skills.add(current.directory());
			}
			else if (current.depth() < MAX_DEPTH) {
				children.forEach((child) -> queue.add(new Level(child, current.depth() + 1)));
			}
			else {
				tooDeep |= !children.isEmpty();
			}
		}
		if (tooDeep) {
			diagnostics.add(SkillDiagnostic.warning(location.toString(), null,
					"Folders deeper than " + MAX_DEPTH + " levels were not searched for skills"));
		}
		return new Scan(skills, diagnostics);
	}

	private static boolean isSkill(Path directory, List<Path> children) {
		boolean skill = false;
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				if (name.equals(SkillLoader.SKILL_FILE) || name.equals(SkillLoader.LOWERCASE_SKILL_FILE)) {
					skill |= Files.isRegularFile(entry);
				}
				else if (!SkillFiles.isSkipped(name) && Files.isDirectory(entry)) {
					children.add(entry);
				}
			}
		}
		catch (IOException ex) {
			return false;
		}
		children.sort(null);
		return skill;
	}

	/**
	 * The result of a walk.
	 *
	 * @param skillDirectories the skill folders found, in walk order
	 * @param diagnostics warnings about the location or the limits
	 */
	public record Scan(List<Path> skillDirectories, List<SkillDiagnostic> diagnostics) {

		public Scan {
			skillDirectories = List.copyOf(skillDirectories);
			diagnostics = List.copyOf(diagnostics);
		}

	}

	private record Level(Path directory, int depth) {
	}

}
