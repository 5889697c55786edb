package dev.skills.core.registry;

import java.util.List;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;

/**
 * What a location that is not scanned again keeps when others are: its skills and its
 * warnings.
 */
final class KeptLocation {

	private KeptLocation() {
	}

	/**
	 * Keep a location's skills and warnings.
	 * @param location the location
	 * @param current the snapshot being edited
	 * @param watcherDiagnostics the watcher's warnings, added separately
	 * @param seen receives the folders of the location's skills
	 * @param locationDiagnostics receives the location's own warnings
	 */
	static void keep(Location location, SkillsSnapshot current, List<SkillDiagnostic> watcherDiagnostics,
			Set<String> seen, List<SkillDiagnostic> locationDiagnostics) {
		current.forEachEntry((entry) -> {
			if (entry.locationIndex() == location.index()) {
				seen.add(entry.key());
			}
		});
		String file = (location.folder() != null) ? location.folder().toString() : location.spec();
		for (SkillDiagnostic diagnostic : current.locationDiagnostics()) {
			if (diagnostic.file().equals(file) && !watcherDiagnostics.contains(diagnostic)) {
				locationDiagnostics.add(diagnostic);
			}
		}
	}

}
