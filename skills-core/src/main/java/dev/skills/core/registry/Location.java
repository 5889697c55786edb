package dev.skills.core.registry;

import java.nio.file.Path;

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
		if (spec.startsWith("classpath:") || spec.startsWith("classpath*:")) {
			return new Location(index, spec, null);
		}
		String path = spec.startsWith("file:") ? spec.substring("file:".length()) : spec;
		return new Location(index, spec, Path.of(path).toAbsolutePath().normalize());
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
