package dev.skills.core;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * The value rules of {@link SkillConfig}'s watch and discovery settings.
 */
final class SkillConfigRules {

	private SkillConfigRules() {
	}

	static void checkWatchAndDiscovery(Duration watchDebounce, @Nullable Duration pollInterval, int discoveryMaxDepth,
			int discoveryMaxDirectories) {
		if (watchDebounce.isNegative()) {
			throw new InvalidSkillSettingException("watchDebounce", watchDebounce, "it must not be negative",
					"a duration such as 100ms");
		}
		if (pollInterval != null && (pollInterval.isNegative() || pollInterval.isZero())) {
			throw new InvalidSkillSettingException("pollInterval", pollInterval, "it must be positive",
					"a duration such as 2s, or remove it to use native file events");
		}
		if (discoveryMaxDepth < 0) {
			throw new InvalidSkillSettingException("discoveryMaxDepth", discoveryMaxDepth, "it must not be negative",
					"a folder depth such as " + SkillConfig.DEFAULT_DISCOVERY_MAX_DEPTH
							+ " (0 searches only the location itself)");
		}
		if (discoveryMaxDirectories <= 0) {
			throw new InvalidSkillSettingException("discoveryMaxDirectories", discoveryMaxDirectories,
					"it must be a positive number of folders",
					"a positive number, for example " + SkillConfig.DEFAULT_DISCOVERY_MAX_DIRECTORIES);
		}
	}

}
