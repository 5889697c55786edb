package dev.skills.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.load.SkillLoader;

/**
 * Turns a path given on the command line into skill folders: a {@code SKILL.md} stands
 * for its folder, a skill folder for itself, and any other folder for every skill below
 * it.
 */
final class SkillPaths {

	private SkillPaths() {
	}

	/**
	 * The skill folders a path names. A path that names none is returned as it is, so
	 * that the validator reports why.
	 * @param path the path given
	 * @return the skill folders
	 */
	static List<Path> expand(Path path) {
		Path fileName = path.getFileName();
		if (Files.isRegularFile(path) && fileName != null && SkillLoader.isSkillFileName(fileName.toString())) {
			Path parent = path.toAbsolutePath().getParent();
			return List.of((path.getParent() != null) ? path.getParent() : parent);
		}
		if (!Files.isDirectory(path) || SkillLoader.findSkillFile(path) != null) {
			return List.of(path);
		}
		List<Path> found = SkillLoader.findSkillFolders(path);
		return found.isEmpty() ? List.of(path) : found;
	}

}
