package dev.skills.autoconfigure.health;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of the skills: UP with the number of skills, errors and warnings and the last
 * reload; DOWN when a configured folder exists but cannot be read, or when hot reload is on and
 * the watcher died. A folder that does not exist is only a warning, not DOWN: the default
 * {@code .agents/skills} is optional. Warnings about a location as a whole (missing, a discovery
 * limit reached, polled instead of watched) are listed as {@code locationWarnings}.
 */
public class SkillsHealthIndicator extends AbstractHealthIndicator {

	private final SkillsRegistry registry;

	/**
	 * Create the indicator.
	 * @param registry the skills
	 */
	public SkillsHealthIndicator(SkillsRegistry registry) {
		super("Skills health check failed");
		this.registry = registry;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		SkillsSnapshot snapshot = this.registry.snapshot();
		List<SkillDiagnostic> diagnostics = snapshot.diagnostics();
		long errors = diagnostics.stream().filter(SkillDiagnostic::isError).count();
		builder.withDetail("skills", snapshot.size())
			.withDetail("errors", errors)
			.withDetail("warnings", diagnostics.size() - errors)
			.withDetail("generation", snapshot.generation())
			.withDetail("lastReload", snapshot.createdAt());
		List<String> locationWarnings = locationWarnings(diagnostics);
		if (!locationWarnings.isEmpty()) {
			builder.withDetail("locationWarnings", locationWarnings);
		}
		List<String> unreadable = new ArrayList<>();
		for (Path folder : this.registry.config().skillDirs()) {
			if (Files.exists(folder) && (!Files.isDirectory(folder) || !Files.isReadable(folder))) {
				unreadable.add(folder.toString());
			}
		}
		boolean watcherDied = this.registry.config().hotReload() && !this.registry.isWatching();
		if (!unreadable.isEmpty()) {
			builder.down().withDetail("unreadableLocations", unreadable);
		}
		else if (watcherDied) {
			builder.down().withDetail("watcher", "stopped: hot reload no longer applies file changes");
		}
		else {
			builder.up();
		}
	}

	private List<String> locationWarnings(List<SkillDiagnostic> diagnostics) {
		Set<String> folders = new HashSet<>();
		this.registry.config().skillDirs().forEach((folder) -> folders.add(folder.toAbsolutePath().normalize().toString()));
		return diagnostics.stream()
			.filter((diagnostic) -> !diagnostic.isError() && folders.contains(diagnostic.file()))
			.map(SkillDiagnostic::toString)
			.toList();
	}

}
