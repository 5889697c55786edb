package dev.skills.core.registry;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillDiagnostic;

/**
 * What one location holds in a snapshot: every skill folder it found, loaded or not, the
 * winner of each name within it, and its warnings. A reload that touches one location
 * replaces only its part: the others are shared with the snapshot before.
 *
 * @param location the location
 * @param entries every skill folder's entry, by folder
 * @param winners the winning entry of each name within the location
 * @param diagnostics warnings about the location itself
 */
record LocationSkills(Location location, Map<String, SkillEntry> entries, Map<String, SkillEntry> winners,
		List<SkillDiagnostic> diagnostics) {

	/**
	 * What a location holds.
	 * @param location the location
	 * @param entries its entries, in scan order
	 * @param diagnostics its warnings
	 * @return the location's part of a snapshot
	 */
	static LocationSkills of(Location location, List<SkillEntry> entries, List<SkillDiagnostic> diagnostics) {
		// Hash maps, not Map.copyOf: its open addressing slows down badly on names that
		// differ only in their last characters (skill-00001, skill-00002...).
		Map<String, SkillEntry> byFolder = new HashMap<>(entries.size() * 4 / 3 + 1);
		Map<String, SkillEntry> winners = new HashMap<>(entries.size() * 4 / 3 + 1);
		for (SkillEntry entry : entries) {
			byFolder.put(entry.key(), entry);
			if (entry.meta() != null) {
				winners.merge(entry.meta().name(), entry, (a, b) -> a.precedes(b) ? a : b);
			}
		}
		return new LocationSkills(location, Collections.unmodifiableMap(byFolder), Collections.unmodifiableMap(winners),
				List.copyOf(diagnostics));
	}

}
