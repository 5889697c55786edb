package dev.skills.core.registry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillConfig;
import org.jspecify.annotations.Nullable;

/**
 * One configured location: a folder on disk, or a classpath pattern.
 *
 * @param index the position in the configured list: lower wins a name clash
 * @param folder the folder, for folder locations; {@code null} for classpath ones
 */
record Location(int index, String spec, @Nullable Path folder) {

	static Location of(int index, String spec) {
		Path folder = SkillConfig.folderOf(spec);
		return new Location(index, spec, (folder != null) ? folder.toAbsolutePath().normalize() : null);
	}

	// The paths, absolute and normalised, by the first folder location holding them.
	static Map<Location, List<Path>> group(List<Location> locations, Collection<Path> paths) {
		Map<Location, List<Path>> byLocation = new LinkedHashMap<>();
		for (Path changed : paths) {
			Path path = changed.toAbsolutePath().normalize();
			for (Location location : locations) {
				if (location.contains(path)) {
					byLocation.computeIfAbsent(location, (key) -> new ArrayList<>()).add(path);
					break;
				}
			}
		}
		return byLocation;
	}

	// Whether an absolute, normalised path is at or below this folder location.
	boolean contains(Path path) {
		return this.folder != null && path.startsWith(this.folder);
	}

}
