package dev.skills.boot.autoconfigure;

import java.nio.file.Path;
import java.util.List;

import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What start-up tells the user about skills: one line with what was loaded from where, a
 * warning for a setting that has no effect, and a failure for a preloaded skill that
 * cannot exist.
 */
final class SkillsStartup {

	private static final Log logger = LogFactory.getLog(SkillsStartup.class);

	private SkillsStartup() {
	}

	/**
	 * Log one INFO line: how many skills from which locations (folders made absolute),
	 * and how many errors and warnings.
	 * @param registry the registry as discovered
	 */
	static void logLoaded(SkillsRegistry registry) {
		if (logger.isInfoEnabled()) {
			SkillsSnapshot snapshot = registry.snapshot();
			List<SkillDiagnostic> diagnostics = snapshot.diagnostics();
			long errors = diagnostics.stream().filter(SkillDiagnostic::isError).count();
			long builtin = snapshot.skills().stream().filter(SkillMeta::builtin).count();
			logger.info("Loaded " + count(snapshot.size() - builtin, "skill")
					+ ((builtin > 0) ? " (+" + builtin + " built in)" : "") + " from "
					+ String.join(", ", resolved(registry.config())) + " (" + count(errors, "error") + ", "
					+ count(diagnostics.size() - errors, "warning") + ")");
		}
	}

	/**
	 * Check {@code skills.mode} against {@code skills.preload-from} at start-up, whether
	 * or not an advisor is made: fail in session mode without a key, and warn when a key
	 * is set in on-demand mode, where nothing reads it.
	 * @param properties the properties
	 * @throws org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException
	 * in session mode without {@code skills.preload-from}
	 */
	static void checkMode(SkillsProperties properties) {
		SkillsPropertyFailures.check(SkillsProperties.PREFIX + ".preload-from", () -> {
			SkillsAdvisor.checkPreloadFrom(properties.getMode(), properties.getPreloadFrom());
			return null;
		});
		if (properties.getMode() == SkillsAdvisor.Mode.ON_DEMAND && properties.getPreloadFrom() != null) {
			logger.warn("skills.preload-from is set but skills.mode is on-demand, which ignores it; set "
					+ "skills.mode=session to name the skill per request, or remove skills.preload-from");
		}
	}

	/**
	 * Fail when {@code skills.preload} names a skill the registry does not have and hot
	 * reload cannot bring it later (with hot reload the advisor warns once instead).
	 * @param registry the registry
	 * @param preload the preloaded names
	 * @throws org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException
	 * naming the unknown skills and the known ones
	 */
	static void checkPreload(SkillsRegistry registry, List<String> preload) {
		List<String> unknown = preload.stream().filter((name) -> !registry.contains(name)).toList();
		if (!unknown.isEmpty() && !registry.config().hotReload()) {
			throw SkillsPropertyFailures.invalid(SkillsProperties.PREFIX + ".preload", String.join(", ", unknown),
					((unknown.size() == 1) ? "no skill is named " : "no skills are named ") + String.join(", ", unknown)
							+ ". " + SkillPrompts.nameList("Known skills", registry.names()),
					"Set skills.preload to names of existing skills, or turn on skills.hot-reload if the skill "
							+ "is added while the application runs.");
		}
	}

	private static List<String> resolved(SkillConfig config) {
		return config.skillsDir().stream().map((location) -> {
			Path folder = SkillConfig.folderOf(location);
			return (folder != null) ? folder.toAbsolutePath().normalize().toString() : location;
		}).toList();
	}

	private static String count(long count, String noun) {
		return count + " " + noun + ((count == 1) ? "" : "s");
	}

}
