package dev.skills.core;

import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * The value rules of {@link SkillConfig}'s settings, and how a location names a folder.
 */
final class SkillConfigRules {

	private SkillConfigRules() {
	}

	static void check(int maxResourceBytes, int maxBodyBytes, Duration watchDebounce, @Nullable Duration pollInterval,
			int discoveryMaxDepth, int discoveryMaxDirectories) {
		checkByteLimit("maxResourceBytes", maxResourceBytes, SkillConfig.DEFAULT_MAX_RESOURCE_BYTES);
		checkByteLimit("maxBodyBytes", maxBodyBytes, SkillConfig.DEFAULT_MAX_BODY_BYTES);
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

	static int checkByteLimit(String name, int bytes, int example) {
		if (bytes <= 0 || bytes > SkillConfig.MAX_BYTES_LIMIT) {
			throw new InvalidSkillSettingException(name, bytes,
					"it must be between 1 and " + SkillConfig.MAX_BYTES_LIMIT + " bytes (16 MiB)",
					"a number of bytes in that range, for example " + example);
		}
		return bytes;
	}

	static void checkPreloadFrom(SkillConfig.Mode mode, @Nullable String preloadFrom) {
		if (mode == SkillConfig.Mode.SESSION && (preloadFrom == null || preloadFrom.isBlank())) {
			throw new InvalidSkillSettingException("preloadFrom", preloadFrom,
					"session mode needs the request context key that names the skill", "a key such as "
							+ "SKILL_NAME and pass the skill name under it with each request, or use on-demand mode");
		}
	}

	static @Nullable Path folderOf(String location) {
		if (location.startsWith("classpath:") || location.startsWith("classpath*:")) {
			return null;
		}
		return Path.of(location.startsWith("file:") ? location.substring("file:".length()) : location);
	}

}
