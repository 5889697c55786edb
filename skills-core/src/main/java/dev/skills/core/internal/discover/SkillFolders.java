package dev.skills.core.internal.discover;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.parse.SkillLoader;
import dev.skills.core.internal.resource.SkillFiles;
import org.jspecify.annotations.Nullable;

/**
 * Finds the skill folders below a location with a bounded breadth-first walk. A folder
 * holding a {@code SKILL.md} is a skill and is not searched further; {@code .git},
 * {@code node_modules}, {@code __pycache__} and hidden folders are skipped. Links to
 * folders below the location are not followed (with a warning): what discovery finds is
 * then exactly what the watcher sees and what the file guard reads, and a link loop
 * cannot multiply skills. No folder is visited twice, even when a bind mount makes the
 * tree a loop. The walk stops at a depth and a number of folders
 * ({@link SkillConfig#discoveryMaxDepth()},
 * {@link SkillConfig#discoveryMaxDirectories()}), with a warning, so that pointing it at
 * a home folder cannot hang start-up.
 */
public final class SkillFolders {

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
			return new Scan(List.of(), Map.of(), List.of(SkillDiagnostic.warning(location.toString(), null, problem)),
					0, false);
		}
		return walk(location, maxDepth, maxDirectories);
	}

	/**
	 * Find the skill folders below a folder of a location, after a change there. Its
	 * limits are what is left of the location's: the depth below the folder, and the
	 * folders not yet used.
	 * @param start the folder to search
	 * @param maxDepth the deepest level to search below it
	 * @param maxDirectories the most folders to visit
	 * @return the skill folders and any warnings
	 */
	public static Scan findBelow(Path start, int maxDepth, int maxDirectories) {
		return walk(start, maxDepth, maxDirectories);
	}

	private static Scan walk(Path start, int maxDepth, int maxDirectories) {
		List<SkillDiagnostic> diagnostics = new ArrayList<>();
		List<Path> skills = new ArrayList<>();
		Map<Path, BasicFileAttributes> listed = new HashMap<>();
		Deque<Level> queue = new ArrayDeque<>();
		queue.add(new Level(start, 0));
		Set<Object> seen = new HashSet<>();
		try {
			// The start folder itself may be a link: a location is followed, links below
			// it are not.
			addKey(seen, Files.readAttributes(start, BasicFileAttributes.class));
		}
		catch (IOException ex) {
			// Then the walk finds nothing either.
		}
		List<Path> links = new ArrayList<>();
		int visited = 0;
		boolean tooDeep = false;
		boolean limitReached = false;
		while (!queue.isEmpty()) {
			Level current = queue.poll();
			if (visited == maxDirectories) {
				diagnostics.add(SkillDiagnostic.warning(start.toString(), null,
						"Stopped searching for skills after " + maxDirectories
								+ " directories; point the location at a smaller folder or raise the limit "
								+ "(skills.discovery.max-directories)"));
				limitReached = true;
				break;
			}
			visited++;
			List<Path> children = new ArrayList<>();
			Path skillFile = skillFile(current.directory(), children, seen, links, listed);
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
			diagnostics.add(SkillDiagnostic.warning(start.toString(), null, "Folders deeper than " + maxDepth
					+ " levels were not searched for skills (skills.discovery.max-depth)"));
		}
		if (!links.isEmpty()) {
			// One warning per walk, however many links: a folder of links must not flood
			// the diagnostics.
			diagnostics.add(SkillDiagnostic.warning(start.toString(), null,
					"Skipped " + links.size() + " linked folder(s) such as " + links.get(0)
							+ ": links below a location are not followed; "
							+ "add the link's target to skills.skills-dir instead"));
		}
		return new Scan(skills, listed, diagnostics, visited, limitReached);
	}

	// The folder's skill file (SKILL.md before skill.md), else its subfolders: real
	// folders not seen before; links to folders are noted, not followed. Entries are
	// judged by name first: a skill folder's other entries are never looked at more
	// closely. A plain skill file's attributes go into listed, for its open to check
	// against.
	private static @Nullable Path skillFile(Path directory, List<Path> children, Set<Object> seen, List<Path> links,
			Map<Path, BasicFileAttributes> listed) {
		Path upper = null;
		Path lower = null;
		List<Path> candidates = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				if (name.equals(SkillLoader.SKILL_FILE)) {
					upper = entry;
				}
				else if (name.equals(SkillLoader.LOWERCASE_SKILL_FILE)) {
					lower = entry;
				}
				else if (!SkillFiles.isSkipped(name)) {
					candidates.add(entry);
				}
			}
		}
		catch (IOException ex) {
			return null;
		}
		for (Path named : new Path[] { upper, lower }) {
			if (named != null && isSkillFile(named, listed)) {
				return named;
			}
		}
		// Folders that are only named like a skill file.
		for (Path named : new Path[] { upper, lower }) {
			if (named != null) {
				candidates.add(named);
			}
		}
		for (Path candidate : candidates) {
			try {
				BasicFileAttributes attributes = Files.readAttributes(candidate, BasicFileAttributes.class,
						LinkOption.NOFOLLOW_LINKS);
				if (attributes.isDirectory() && addKey(seen, attributes)) {
					children.add(candidate);
				}
				else if (attributes.isSymbolicLink() && Files.isDirectory(candidate)) {
					links.add(candidate);
				}
			}
			catch (IOException ex) {
				// Gone since it was listed: nothing to search.
			}
		}
		children.sort(null);
		return null;
	}

	// A regular file, or a link to one (which the file guard then judges).
	private static boolean isSkillFile(Path file, Map<Path, BasicFileAttributes> listed) {
		try {
			BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
					LinkOption.NOFOLLOW_LINKS);
			if (attributes.isRegularFile()) {
				listed.put(file, attributes);
				return true;
			}
			return attributes.isSymbolicLink() && Files.isRegularFile(file);
		}
		catch (IOException ex) {
			return false;
		}
	}

	// Whether a folder was not seen before (by file key, where the file system has them).
	private static boolean addKey(Set<Object> seen, BasicFileAttributes attributes) {
		Object key = attributes.fileKey();
		return key == null || seen.add(key);
	}

	/**
	 * The result of a walk.
	 *
	 * @param skillFiles the skill files found ({@code SKILL.md}, or {@code skill.md}
	 * where there is no {@code SKILL.md}), in walk order
	 * @param listed the attributes of each skill file that was a plain file when listed
	 * (not of links), for the open to check against
	 * @param diagnostics warnings about the location or the limits
	 * @param directories the number of folders visited
	 * @param limitReached whether folders were left unvisited because of the directory
	 * limit
	 */
	public record Scan(List<Path> skillFiles, Map<Path, BasicFileAttributes> listed, List<SkillDiagnostic> diagnostics,
			int directories, boolean limitReached) {

		public Scan {
			skillFiles = List.copyOf(skillFiles);
			listed = Collections.unmodifiableMap(listed);
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
