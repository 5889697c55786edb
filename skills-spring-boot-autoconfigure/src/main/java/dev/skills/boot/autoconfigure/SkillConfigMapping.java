package dev.skills.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.SkillConfig;

/**
 * Turns {@link SkillsProperties} into a {@link SkillConfig}. The value rules are
 * {@code SkillConfig}'s; a refusal is reported under the property that holds the value.
 */
final class SkillConfigMapping {

	private static final Map<String, String> PROPERTIES = Map.of("maxResourceBytes", "max-resource-bytes",
			"maxBodyBytes", "max-body-bytes", "watchDebounce", "watch.debounce", "pollInterval", "watch.poll-interval",
			"discoveryMaxDepth", "discovery.max-depth", "discoveryMaxDirectories", "discovery.max-directories");

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
					.build());
	}

	private static String propertyOf(String setting) {
		return SkillsProperties.PREFIX + "." + PROPERTIES.getOrDefault(setting, setting);
	}

}
