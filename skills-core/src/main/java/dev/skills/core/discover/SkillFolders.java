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
import org.jspecify.annotations.Nullable;

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
		if (!Files.isDirectory(location)) {
			String problem = Files.exists(location) ? "Skill location is not a directory"
					: "Skill location does not exist";
			return new Scan(List.of(), List.of(SkillDiagnostic.warning(location.toString(), null, problem)));
		}
		return find(location, MAX_DEPTH);
	}

	/**
	 * Find the skill folders below a folder, searching at most {@code maxDepth} levels down; used
	 * to rescan one part of a location after a change.
	 * @param start the folder to search
	 * @param maxDepth the deepest level to search below it
	 * @return the skill folders and any warnings
	 */
	public static Scan find(Path start, int maxDepth) {
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		List<Path> skills = new ArrayList<>();
		Deque<Level> queue = new ArrayDeque<>();
		queue.add(new Level(start, 0));
		int visited = 0;
		boolean tooDeep = false;
		while (!queue.isEmpty()) {
			Level current = queue.poll();
			if (++visited > MAX_DIRECTORIES) {
				diagnostics.add(SkillDiagnostic.warning(start.toString(), null, "Stopped searching for skills after "
						+ MAX_DIRECTORIES + " directories; point the location at a smaller folder"));
				break;
			}
			List<Path> children = new ArrayList<>();
			Path skillFile = skillFile(current.directory(), children);
			if (skillFile != null) {
				skills.add(skillFile);
			}
			else if (current.depth() < maxDepth) {
				children.forEach((child) -> queue.add(new Level(child, current.depth() + 1)));
			}
			else {
				tooDeep |= !children.isEmpty();
			}
		}
		if (tooDeep) {
			diagnostics.add(SkillDiagnostic.warning(start.toString(), null,
					"Folders deeper than " + maxDepth + " levels were not searched for skills"));
		}
		return new Scan(skills, diagnostics);
	}

	// The folder's skill file (SKILL.md before skill.md), listing its subfolders on the way.
	private static @Nullable Path skillFile(Path directory, List<Path> children) {
		Path upper = null;
		Path lower = null;
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				if (name.equals(SkillLoader.SKILL_FILE) && Files.isRegularFile(entry)) {
					upper = entry;
				}
				else if (name.equals(SkillLoader.LOWERCASE_SKILL_FILE) && Files.isRegularFile(entry)) {
					lower = entry;
				}
				else if (!SkillFiles.isSkipped(name) && Files.isDirectory(entry)) {
					children.add(entry);
				}
			}
		}
		catch (IOException ex) {
			return null;
		}
		children.sort(null);
		return (upper != null) ? upper : lower;
	}

	/**
	 * The result of a walk.
	 *
	 * @param skillFiles the skill files found ({@code SKILL.md}, or {@code skill.md} where there is
	 * no {@code SKILL.md}), in walk order
	 * @param diagnostics warnings about the location or the limits
	 */
	public record Scan(List<Path> skillFiles, List<SkillDiagnostic> diagnostics) {

		public Scan {
			skillFiles = List.copyOf(skillFiles);
			diagnostics = List.copyOf(diagnostics);
		}

		/**
		 * The skill folders found, in walk order.
		 * @return the folders holding the skill files
		 */
		public List<Path> skillDirectories() {
			return this.skillFiles.stream().map(Path::getParent).toList();
		}

	}

	private record Level(Path directory, int depth) {
	}

}
