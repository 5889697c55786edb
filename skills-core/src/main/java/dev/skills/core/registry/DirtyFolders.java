package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.internal.parse.SkillLoader;
import dev.skills.core.internal.resource.SkillFiles;
import dev.skills.core.internal.resource.SkillSource;

/**
 * The skill folders a batch of changed paths affects, for an incremental refresh: the
 * skill a path lies in, the skills below it (a folder moved or deleted), and new skills
 * in a folder that appeared or got a skill file.
 */
final class DirtyFolders {

	private final LocationScanner scanner;

	private final SkillsSnapshot current;

	// Each affected folder with its location, in the order found.
	private final Map<String, Location> folders = new LinkedHashMap<>();

	// Skill folders whose bundled files (not their SKILL.md) changed.
	private final Set<String> filesTouched = new HashSet<>();

	DirtyFolders(LocationScanner scanner, SkillsSnapshot current) {
		this.scanner = scanner;
		this.current = current;
	}

	/**
	 * Add the folders one changed path affects.
	 * @param location the location the path lies in
	 * @param path the path
	 * @return {@code false} when only a full scan of the location can tell
	 */
	boolean add(Location location, Path path) {
		for (Path dir = path; dir != null && location.contains(dir); dir = dir.getParent()) {
			if (this.current.entryAt(dir.toString()) != null) {
				this.folders.put(dir.toString(), location);
				if (isBundledFile(dir.relativize(path))) {
					this.filesTouched.add(dir.toString());
				}
				return true;
			}
		}
		addEntriesBelow(path, location, true);
		// Only a folder or a skill file that exists can add skills; walking the parent of
		// every deleted path walked the whole location for a delete at its top.
		Path start = Files.isDirectory(path) ? path
				: SkillLoader.isSkillFileName(String.valueOf(path.getFileName())) ? path.getParent() : null;
		if (start != null && Files.isDirectory(start) && location.contains(start)) {
			List<SkillSource> found = this.scanner.scanBelow(location, start);
			if (found == null) {
				return false;
			}
			for (SkillSource source : found) {
				this.folders.put(source.baseDirectory(), location);
				// A folder that became a skill hides the skills below it.
				addEntriesBelow(Path.of(source.baseDirectory()), location, false);
			}
		}
		if (path.equals(location.folder())) {
			// The location itself appeared or vanished: its warning may have changed.
			this.folders.put(path.toString(), location);
		}
		return true;
	}

	/**
	 * The affected folders, each with its location; may be edited.
	 * @return the folders in the order found
	 */
	Map<String, Location> folders() {
		return this.folders;
	}

	/**
	 * Whether only bundled files of a skill folder changed.
	 * @param directory the skill folder
	 * @return {@code true} when a bundled file (not the skill file) changed
	 */
	boolean filesTouched(String directory) {
		return this.filesTouched.contains(directory);
	}

	// The known skill folders below a folder, and the folder itself when asked.
	private void addEntriesBelow(Path folder, Location location, boolean itself) {
		String prefix = folder + folder.getFileSystem().getSeparator();
		this.current.forEachEntry((entry) -> {
			if (entry.key().startsWith(prefix) || (itself && entry.key().equals(folder.toString()))) {
				this.folders.put(entry.key(), location);
			}
		});
	}

	// Whether a path inside a skill folder is one of its bundled files (or folders of
	// them).
	private static boolean isBundledFile(Path relative) {
		return !relative.toString().isEmpty() && !SkillLoader.isSkillFileName(relative.toString())
				&& !SkillFiles.isSkippedPath(relative);
	}

}
