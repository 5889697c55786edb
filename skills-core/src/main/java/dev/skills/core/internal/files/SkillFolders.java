package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.files.SkillFileLookup.SkillFile;

/**
 * Finds the skill folders below a location with the one bounded walk ({@link TreeWalk}).
 * A folder holding a {@code SKILL.md} is a skill and is not searched further. Links to
 * folders below the location are not followed (with a warning): what discovery finds is
 * then exactly what the watcher sees and what the file guard reads, and a link loop
 * cannot multiply skills. The walk stops at a depth and a number of folders
 * ({@link SkillConfig#discoveryMaxDepth()},
 * {@link SkillConfig#discoveryMaxDirectories()}), with a warning, so that pointing it at
 * a home folder cannot hang start-up.
 */
public final class SkillFolders {

	// How far a hidden folder is looked into for skills, to say why none were found.
	private static final int HIDDEN_PROBE_DEPTH = 3;

	private static final int HIDDEN_PROBE_FOLDERS = 200;

	private SkillFolders() {
	}

	/**
	 * Find the skill folders below a location with the default limits.
	 * @param location a folder of skills, or a single skill folder
	 * @return the skill folders and any warnings (a missing location, a limit reached)
	 */
	public static Scan find(Path location) {
		return find(location, SkillConfig.DEFAULT_DISCOVERY_MAX_DEPTH, SkillConfig.DEFAULT_DISCOVERY_MAX_DIRECTORIES);
	}

	/**
	 * Find the skill folders below a location, in breadth-first order (siblings sorted by
	 * name).
	 * @param location a folder of skills, or a single skill folder
	 * @param maxDepth the deepest level searched (the location is level 0)
	 * @param maxDirectories the most folders visited
	 * @return the skill folders and any warnings (a missing location, a limit reached)
	 */
	public static Scan find(Path location, int maxDepth, int maxDirectories) {
		if (!Files.isDirectory(location)) {
			String problem = Files.exists(location) ? "Skill location is not a directory"
					: "Skill location does not exist";
			return new Scan(List.of(), List.of(SkillDiagnostic.warning(location.toString(), null, problem)), 0);
		}
		String where = location.toString();
		List<SkillFile> skills = new ArrayList<>();
		List<Path> links = new ArrayList<>();
		List<Path> unreadable = new ArrayList<>();
		TreeWalk.Result walked = TreeWalk.walk(location, maxDepth, maxDirectories, new TreeWalk.Visitor() {

			@Override
			public boolean folder(Path directory, int depth) {
				SkillFile found = SkillFileLookup.find(directory);
				if (found != null) {
					skills.add(found);
				}
				return found == null;
			}

			@Override
			public void file(Path file, BasicFileAttributes attributes) {
				if (attributes.isOther() && SkillFiles.isSkillFileName(file.getFileName().toString())) {
					unreadable.add(file);
				}
			}

			@Override
			public void link(Path link) {
				if (Files.isDirectory(link)) {
					links.add(link);
				}
			}

		});
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		if (walked.limitReached()) {
			diagnostics.add(SkillDiagnostic.warning(where, null,
					"Stopped searching for skills after " + maxDirectories
							+ " directories; point the location at a smaller folder or raise the limit "
							+ "(skills.discovery.max-directories)"));
		}
		if (walked.tooDeep()) {
			diagnostics.add(SkillDiagnostic.warning(where, null, "Folders deeper than " + maxDepth
					+ " levels were not searched for skills (skills.discovery.max-depth)"));
		}
		// One warning per walk, however many: a folder of links must not flood the
		// diagnostics.
		if (!links.isEmpty()) {
			diagnostics.add(SkillDiagnostic.warning(where, null,
					"Skipped " + links.size() + " linked folder(s) such as " + links.get(0)
							+ ": links below a location are not followed; "
							+ "add the link's target to skills.skills-dir instead"));
		}
		if (skills.isEmpty()) {
			List<String> hidden = hiddenFoldersWithSkills(location);
			if (!hidden.isEmpty()) {
				diagnostics.add(SkillDiagnostic.warning(where, null, hiddenFoldersMessage(hidden)));
			}
		}
		if (!unreadable.isEmpty()) {
			diagnostics
				.add(SkillDiagnostic.warning(where, null, "Skipped " + unreadable.size() + " skill file(s) such as "
						+ unreadable.get(0) + ": a FIFO, socket or device is never read; make it a regular file"));
		}
		return new Scan(skills, diagnostics, walked.directories());
	}

	/**
	 * Why a location finds no skill when its hidden folders hold some.
	 * @param hidden the hidden folders, relative to the location
	 * @return the message
	 */
	public static String hiddenFoldersMessage(List<String> hidden) {
		return "No skills found, but the hidden folder(s) " + String.join(", ", hidden)
				+ " hold SKILL.md files; hidden folders are never searched: add one to skills.skills-dir "
				+ "(for example " + hidden.get(0) + " below this location)";
	}

	/**
	 * The hidden folders directly in a folder that hold a skill within a few levels (as a
	 * collection that keeps its skills under {@code .curated/} does); {@code .git} is not
	 * looked into.
	 * @param location the folder
	 * @return their names, sorted
	 */
	public static List<String> hiddenFoldersWithSkills(Path location) {
		List<String> found = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(location)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				if (name.startsWith(".") && !name.equals(".git") && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
						&& holdsSkill(entry)) {
					found.add(name);
				}
			}
		}
		catch (IOException ex) {
			return List.of();
		}
		found.sort(null);
		return found;
	}

	private static boolean holdsSkill(Path folder) {
		boolean[] found = new boolean[1];
		TreeWalk.walk(folder, HIDDEN_PROBE_DEPTH, HIDDEN_PROBE_FOLDERS, (directory, depth) -> {
			found[0] |= SkillFileLookup.find(directory) != null;
			return !found[0];
		});
		return found[0];
	}

	/**
	 * The result of a walk.
	 *
	 * @param skillFiles the skill files found ({@code SKILL.md}, or {@code skill.md}
	 * where there is no {@code SKILL.md}), in walk order, with the attributes a plain one
	 * had when found, for its open to check against
	 * @param diagnostics warnings about the location or the limits
	 * @param directories the number of folders visited
	 */
	public record Scan(List<SkillFile> skillFiles, List<SkillDiagnostic> diagnostics, int directories) {

		public Scan {
			skillFiles = List.copyOf(skillFiles);
			diagnostics = List.copyOf(diagnostics);
		}

		/**
		 * The skill folders found, in walk order.
		 * @return the folders holding the skill files
		 */
		public List<Path> skillDirectories() {
			return this.skillFiles.stream().map(SkillFile::directory).toList();
		}

	}

}
