package dev.skills.core.registry;

import java.nio.file.Path;

import dev.skills.core.SkillConfig;
import org.jspecify.annotations.Nullable;

/**
 * One configured location: a folder on disk, or a classpath pattern.
 *
 * @param index the position in the configured list: lower wins a name clash
 * @param spec the location as configured
 * @param folder the folder, for folder locations; {@code null} for classpath ones
 */
record Location(int index, String spec, @Nullable Path folder) {

	static Location of(int index, String spec) {
		Path folder = SkillConfig.folderOf(spec);
		return new Location(index, spec, (folder != null) ? folder.toAbsolutePath().normalize() : null);
	}

	/**
	 * Whether a path lies in this folder location (or is the folder itself).
	 * @param path an absolute, normalised path
	 * @return {@code true} when the path is at or below the folder
	 */
	boolean contains(Path path) {
		return this.folder != null && path.startsWith(this.folder);
	}

}
