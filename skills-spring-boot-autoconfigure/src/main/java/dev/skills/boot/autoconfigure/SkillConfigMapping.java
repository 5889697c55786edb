package dev.skills.boot.autoconfigure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.SkillConfig;
import dev.skills.core.lock.SkillsLock;
import org.jspecify.annotations.Nullable;

/**
 * Turns {@link SkillsProperties} into a {@link SkillConfig}. The value rules are
 * {@code SkillConfig}'s; a refusal is reported under the property that holds the value.
 */
final class SkillConfigMapping {

	private static final Map<String, String> PROPERTIES = Map.of("maxResourceBytes", "max-resource-bytes",
			"maxBodyBytes", "max-body-bytes", "watchDebounce", "watch.debounce", "pollInterval", "watch.poll-interval",
			"discoveryMaxDepth", "discovery.max-depth", "discoveryMaxDirectories", "discovery.max-directories",
			"preloadFrom", "preload-from");

	private SkillConfigMapping() {
	}

	static SkillConfig toSkillConfig(SkillsProperties properties, List<String> contributedLocations) {
		List<String> locations = new ArrayList<>(properties.getSkillsDir());
		locations.addAll(contributedLocations);
		return SkillsPropertyFailures.check(SkillConfigMapping::propertyOf,
				() -> SkillConfig.builder()
					.skillsDir(locations)
					.hotReload(properties.isHotReload())
					.maxResourceBytes(properties.getMaxResourceBytes())
					.maxBodyBytes(properties.getMaxBodyBytes())
					.watchDebounce(properties.getWatch().getDebounce())
					.pollInterval(properties.getWatch().getPollInterval())
					.discoveryMaxDepth(properties.getDiscovery().getMaxDepth())
					.discoveryMaxDirectories(properties.getDiscovery().getMaxDirectories())
					.mode(properties.getMode())
					.preloadFrom(properties.getPreloadFrom())
					.lock(lock(properties.getLock().getFile()), properties.getLock().getMode())
					.build());
	}

	// Read once at start-up: a lock that cannot be read stops it, naming the file.
	private static @Nullable SkillsLock lock(@Nullable Path file) {
		if (file == null) {
			return null;
		}
		String problem;
		try {
			return SkillsLock.read(file);
		}
		catch (IOException ex) {
			problem = "it cannot be read (" + ex.getClass().getSimpleName() + ")";
		}
		catch (IllegalArgumentException ex) {
			problem = "it is not a lock file: " + ex.getMessage();
		}
		throw SkillsPropertyFailures.invalid(SkillsProperties.PREFIX + ".lock.file", file, problem,
				"Set it to a file written by 'skills lock LOCATION...', or remove it.");
	}

	private static String propertyOf(String setting) {
		return SkillsProperties.PREFIX + "." + PROPERTIES.getOrDefault(setting, setting);
	}

}
