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
import dev.skills.core.internal.files.SkillFiles.SkillFile;
import org.jspecify.annotations.Nullable;

/**
 * Finds the skill folders below a location, breadth-first with the one bounded walk
 * ({@link TreeWalk}); a folder holding a {@code SKILL.md} is not searched further. Links
 * to folders are not followed (with a warning): discovery then finds what the watcher
 * sees and the file guard reads, and a link loop cannot multiply skills.
 */
public final class SkillFolders {

	// How far a hidden folder is looked into for skills, to say why none were found.
	private static final int HIDDEN_PROBE_DEPTH = 3;

	private static final int HIDDEN_PROBE_FOLDERS = 200;

	private SkillFolders() {
	}

	public static Scan find(Path location) {
		return find(location, SkillConfig.DEFAULT_DISCOVERY_MAX_DEPTH, SkillConfig.DEFAULT_DISCOVERY_MAX_DIRECTORIES);
	}

	// The location is a folder of skills or one skill folder, at level 0.
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

			private @Nullable Path parent;

			private boolean parentFoldsCase;

			@Override
			public boolean folder(Path directory, int depth) {
				SkillFile found = SkillFiles.find(directory, parentFoldsCase(directory));
				if (found != null) {
					skills.add(found);
				}
				return found == null;
			}

			// Asked once per parent: the walk tells a folder's subfolders one after
			// another.
			private boolean parentFoldsCase(Path directory) {
				Path parent = directory.getParent();
				if (parent == null) {
					return true;
				}
				if (!parent.equals(this.parent)) {
					this.parent = parent;
					this.parentFoldsCase = SkillFiles.foldsCase(parent, String.valueOf(directory.getFileName()));
				}
				return this.parentFoldsCase;
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
		// One warning per walk: a folder of links must not flood the diagnostics.
		if (!links.isEmpty()) {
			diagnostics.add(SkillDiagnostic.warning(where, null,
					"Skipped " + links.size() + " linked folder(s) such as " + links.get(0)
							+ ": links below a location are not followed; "
							+ "add the link's target to skills.skills-dir instead"));
		}
		SkillDiagnostic hidden = skills.isEmpty() ? hiddenSkillsWarning(location) : null;
		if (hidden != null) {
			diagnostics.add(hidden);
		}
		if (!unreadable.isEmpty()) {
			diagnostics
				.add(SkillDiagnostic.warning(where, null, "Skipped " + unreadable.size() + " skill file(s) such as "
						+ unreadable.get(0) + ": a FIFO, socket or device is never read; make it a regular file"));
		}
		return new Scan(skills, diagnostics, walked.directories());
	}

	// For a folder without skills whose hidden folders (not .git) hold some within a few
	// levels, as .curated/ does in some collections; null otherwise.
	public static @Nullable SkillDiagnostic hiddenSkillsWarning(Path location) {
		List<String> hidden = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(location)) {
			for (Path entry : entries) {
				String name = entry.getFileName().toString();
				if (name.startsWith(".") && !name.equals(".git") && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)
						&& holdsSkill(entry)) {
					hidden.add(name);
				}
			}
		}
		catch (IOException ex) {
			return null;
		}
		if (hidden.isEmpty()) {
			return null;
		}
		hidden.sort(null);
		return SkillDiagnostic.warning(location.toString(), null,
				"No skills found, but the hidden folder(s) " + String.join(", ", hidden)
						+ " hold SKILL.md files; hidden folders are never searched: add one to "
						+ "skills.skills-dir (for example " + hidden.get(0) + " below this location)");
	}

	private static boolean holdsSkill(Path folder) {
		boolean[] found = new boolean[1];
		TreeWalk.walk(folder, HIDDEN_PROBE_DEPTH, HIDDEN_PROBE_FOLDERS, (directory, depth) -> {
			found[0] |= SkillFiles.find(directory) != null;
			return !found[0];
		});
		return found[0];
	}

	// The skill files in walk order, and the warnings about the location or the limits.
	public record Scan(List<SkillFile> skillFiles, List<SkillDiagnostic> diagnostics, int directories) {

		public Scan {
			skillFiles = List.copyOf(skillFiles);
			diagnostics = List.copyOf(diagnostics);
		}

		public List<Path> skillDirectories() {
			return this.skillFiles.stream().map(SkillFile::directory).toList();
		}

	}

}
