package dev.skills.scripts;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.skills.core.SkillConfig;

/**
 * Whose scripts run: the skills found in the listed locations
 * ({@code skills.scripts.trusted-locations}), compared with the location each skill was
 * found in ({@code SkillsSnapshot.locationOf}). Folder locations match by their absolute,
 * normalised path, whatever form they were written in ({@code ./skills},
 * {@code file:skills}); classpath locations by their text. Trust follows the location,
 * not the content: a remote source's folder is trusted only when listed.
 */
public final class TrustedLocations {

	private final Set<String> locations;

	private TrustedLocations(Set<String> locations) {
		this.locations = locations;
	}

	/**
	 * The trusted locations.
	 * @param locations folder paths, {@code file:} URLs or classpath patterns, as
	 * {@code skills.skills-dir} takes them
	 * @return the rule
	 */
	public static TrustedLocations of(List<String> locations) {
		return new TrustedLocations(locations.stream()
			.map(String::strip)
			.map(TrustedLocations::key)
			.collect(Collectors.toUnmodifiableSet()));
	}

	/**
	 * Whether the skills of a location may run their scripts.
	 * @param location a location as the registry's snapshot names it
	 * @return {@code true} when it is listed
	 */
	public boolean trusts(String location) {
		return this.locations.contains(key(location.strip()));
	}

	private static String key(String location) {
		Path folder = SkillConfig.folderOf(location);
		if (folder != null) {
			return folder.toAbsolutePath().normalize().toString();
		}
		// classpath:x/ and classpath:x name the same folder.
		return location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
	}

}
