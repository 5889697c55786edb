package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The one bounded walk over folders (discovery, listings, watchers): breadth-first,
 * siblings by name, skipped names never entered, links reported but never followed, no
 * folder twice (by file key, so a bind-mount loop ends), within a depth and folder limit.
 */
public final class TreeWalk {

	private static final LinkOption[] NO_FOLLOW = { LinkOption.NOFOLLOW_LINKS };

	private TreeWalk() {
	}

	// The start (which may be a link) is visited at depth 0 and counts as a folder.
	public static Result walk(Path start, int maxDepth, int maxDirectories, Visitor visitor) {
		return walk(start, null, maxDepth, maxDirectories, visitor);
	}

	// As above, with the names of the start when the caller listed it already (told to
	// the visitor after that listing, then).
	public static Result walk(Path start, @Nullable List<String> startNames, int maxDepth, int maxDirectories,
			Visitor visitor) {
		Set<Object> seen = new HashSet<>();
		try {
			addKey(seen, Files.readAttributes(start, BasicFileAttributes.class));
		}
		catch (IOException ex) {
			return new Result(0, false, false);
		}
		if (maxDirectories < 1 || !visitor.folder(start, 0)) {
			return new Result(Math.min(1, maxDirectories), maxDirectories < 1, false);
		}
		int visited = 1;
		boolean tooDeep = false;
		List<Path> level = List.of(start);
		for (int depth = 0; !level.isEmpty(); depth++) {
			List<Path> next = new ArrayList<>();
			for (Path directory : level) {
				List<String> names = (depth == 0 && startNames != null) ? startNames : names(directory);
				for (Path child : subfolders(directory, names, seen, visitor)) {
					if (depth == maxDepth) {
						tooDeep = true;
						break;
					}
					if (visited == maxDirectories) {
						return new Result(visited, true, tooDeep);
					}
					visited++;
					// Told now, while the file system's caches still hold it.
					if (visitor.folder(child, depth + 1)) {
						next.add(child);
					}
				}
			}
			level = next;
		}
		return new Result(visited, false, tooDeep);
	}

	// Unseen subfolders sorted by name (not by whole paths: that costs more than the
	// walk); everything else goes to the visitor.
	private static List<Path> subfolders(Path directory, List<String> listed, Set<Object> seen, Visitor visitor) {
		List<String> names = new ArrayList<>(listed.size());
		for (String name : listed) {
			if (!SkillFiles.isSkipped(name)) {
				names.add(name);
			}
		}
		names.sort(null);
		List<Path> folders = new ArrayList<>();
		for (String name : names) {
			Path entry = directory.resolve(name);
			try {
				BasicFileAttributes attributes = Files.readAttributes(entry, BasicFileAttributes.class, NO_FOLLOW);
				if (attributes.isDirectory()) {
					if (addKey(seen, attributes)) {
						folders.add(entry);
					}
				}
				else if (attributes.isSymbolicLink()) {
					visitor.link(entry);
				}
				else {
					visitor.file(entry, attributes);
				}
			}
			catch (IOException ex) {
				// Gone since it was listed: nothing to visit.
			}
		}
		return folders;
	}

	// java.io lists a folder in half the system calls of NIO's directory stream (which
	// opens a second descriptor to offer a secure stream): per skill, that is a fifth of
	// discovery's calls. Skills live on the default file system; an unreadable folder
	// lists nothing.
	static List<String> names(Path directory) {
		String[] names = directory.toFile().list();
		return (names != null) ? Arrays.asList(names) : List.of();
	}

	private static boolean addKey(Set<Object> seen, BasicFileAttributes attributes) {
		Object key = attributes.fileKey();
		return key == null || seen.add(key);
	}

	/**
	 * Told of each folder before it is listed (answering whether to list it and walk on
	 * below it), then of each file (special ones included) and link of a listed folder.
	 */
	public interface Visitor {

		boolean folder(Path directory, int depth);

		default void file(Path file, BasicFileAttributes attributes) {
		}

		default void link(Path link) {
		}

	}

	/**
	 * What a walk saw of its limits.
	 *
	 * @param limitReached whether folders were left unvisited at {@code maxDirectories}
	 * @param tooDeep whether folders below {@code maxDepth} were left unvisited
	 */
	public record Result(int directories, boolean limitReached, boolean tooDeep) {
	}

}
