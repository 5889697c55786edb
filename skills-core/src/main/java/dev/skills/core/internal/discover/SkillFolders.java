package dev.skills.core.internal.discover;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.parse.SkillFileLookup;
import dev.skills.core.internal.parse.SkillFileLookup.SkillFile;
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
			return new Scan(List.of(), List.of(SkillDiagnostic.warning(location.toString(), null, problem)), 0, false);
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
		List<SkillFile> skills = new ArrayList<>();
		Deque<Level> queue = new ArrayDeque<>();
		queue.add(new Level(start, 0, false, null));
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
		List<Path> unreadable = new ArrayList<>();
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
			SkillFile skillFile = current.probed() ? current.skillFile() : SkillFileLookup.find(current.directory());
			if (skillFile != null) {
				skills.add(skillFile);
				continue;
			}
			List<Path> children = new ArrayList<>();
			subfolders(current.directory(), children, seen, links, unreadable);
			if (current.depth() < maxDepth) {
				for (Path child : children) {
					// Probed now, while the file system's caches still hold the folder,
					// as far as the limit will let the walk visit.
					boolean probe = visited + queue.size() < maxDirectories;
					queue.add(new Level(child, current.depth() + 1, probe, probe ? SkillFileLookup.find(child) : null));
				}
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
		if (!unreadable.isEmpty()) {
			diagnostics.add(SkillDiagnostic.warning(start.toString(), null,
					"Skipped " + unreadable.size() + " skill file(s) such as " + unreadable.get(0)
							+ ": a FIFO, socket or device is never read; make it a regular file"));
		}
		return new Scan(skills, diagnostics, visited, limitReached);
	}

	// The subfolders of a folder that is not a skill: real folders not seen before; links
	// to folders are noted, not followed, and so are skill files that are neither files
	// nor folders. A skill folder is probed, never listed: its other entries are never
	// looked at.
	private static void subfolders(Path directory, List<Path> children, Set<Object> seen, List<Path> links,
			List<Path> unreadable) {
		List<Entry> candidates = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				if (!SkillFiles.isSkipped(name)) {
					candidates.add(new Entry(name, entry));
				}
			}
		}
		catch (IOException ex) {
			return;
		}
		// By name: comparing whole paths costs more than the walk's own work in a
		// folder of hundreds of skills.
		candidates.sort(null);
		for (Entry candidate : candidates) {
			try {
				BasicFileAttributes attributes = Files.readAttributes(candidate.path(), BasicFileAttributes.class,
						LinkOption.NOFOLLOW_LINKS);
				if (attributes.isDirectory() && addKey(seen, attributes)) {
					children.add(candidate.path());
				}
				else if (attributes.isSymbolicLink() && Files.isDirectory(candidate.path())) {
					links.add(candidate.path());
				}
				else if (attributes.isOther() && SkillLoader.isSkillFileName(candidate.name())) {
					unreadable.add(candidate.path());
				}
			}
			catch (IOException ex) {
				// Gone since it was listed: nothing to search.
			}
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
	 * where there is no {@code SKILL.md}), in walk order, with the attributes a plain one
	 * had when found, for its open to check against
	 * @param diagnostics warnings about the location or the limits
	 * @param directories the number of folders visited
	 * @param limitReached whether folders were left unvisited because of the directory
	 * limit
	 */
	public record Scan(List<SkillFile> skillFiles, List<SkillDiagnostic> diagnostics, int directories,
			boolean limitReached) {

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

	// A folder to visit, and its skill file when it was probed already.
	private record Level(Path directory, int depth, boolean probed, @Nullable SkillFile skillFile) {
	}

	private record Entry(String name, Path path) implements Comparable<Entry> {

		@Override
		public int compareTo(Entry other) {
			return this.name.compareTo(other.name);
		}

	}

}
