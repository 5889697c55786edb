package dev.skills.core.registry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillDiagnostic;

/**
 * The diagnostics of a whole snapshot: the locations' and standing ones, each skill
 * folder's in precedence order, and a "shadowed by" warning per skill that lost a name
 * clash.
 */
final class SnapshotDiagnostics {

	private SnapshotDiagnostics() {
	}

	static List<SkillDiagnostic> of(List<LocationSkills> locations, Map<String, SkillEntry> winners,
			List<SkillDiagnostic> locationDiagnostics) {
		List<SkillDiagnostic> all = new ArrayList<>(locationDiagnostics);
		List<SkillEntry> losers = new ArrayList<>();
		for (LocationSkills location : locations) {
			List<SkillEntry> entries = new ArrayList<>(location.entries().values());
			entries.sort(SkillEntry.PRECEDENCE);
			for (SkillEntry entry : entries) {
				all.addAll(entry.diagnostics());
				if (entry.meta() != null && winners.get(entry.meta().name()) != entry) {
					losers.add(entry);
				}
			}
		}
		losers.sort(Comparator.comparing((SkillEntry loser) -> loser.meta().name()));
		for (SkillEntry loser : losers) {
			String name = loser.meta().name();
			all.add(SkillDiagnostic.warning(loser.folder().location(), name,
					"Skill '" + name + "' is shadowed by " + winners.get(name).folder().location()));
		}
		return List.copyOf(all);
	}

}
