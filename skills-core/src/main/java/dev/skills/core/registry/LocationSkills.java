package dev.skills.core.registry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;
import org.jspecify.annotations.Nullable;

/**
 * What one location holds in a snapshot; a reload replaces only the parts it touched.
 *
 * @param entries every skill folder's entry, by folder
 * @param winners the winning entry of each name within the location
 * @param sharedNames the names more than one entry of the location holds
 * @param diagnostics warnings about the location itself
 */
record LocationSkills(Location location, Map<String, SkillEntry> entries, Map<String, SkillEntry> winners,
		Set<String> sharedNames, List<SkillDiagnostic> diagnostics) {

	static LocationSkills of(Location location, Collection<SkillEntry> entries, List<SkillDiagnostic> diagnostics) {
		// Hash maps, not Map.copyOf: see SkillsChange.copy.
		Map<String, SkillEntry> byFolder = new HashMap<>(entries.size() * 4 / 3 + 1);
		Map<String, SkillEntry> winners = new HashMap<>(entries.size() * 4 / 3 + 1);
		Set<String> shared = new HashSet<>();
		for (SkillEntry entry : entries) {
			byFolder.put(entry.key(), entry);
			if (entry.meta() != null) {
				winners.merge(entry.meta().name(), entry, (a, b) -> {
					shared.add(a.meta().name());
					return (SkillEntry.PRECEDENCE.compare(a, b) < 0) ? a : b;
				});
			}
		}
		return new LocationSkills(location, Collections.unmodifiableMap(byFolder), Collections.unmodifiableMap(winners),
				shared.isEmpty() ? Set.of() : Set.copyOf(shared), List.copyOf(diagnostics));
	}

	// Each entry's diagnostics in precedence order, then a "shadowed by" warning per
	// skill
	// that lost a name clash.
	static void addEntryDiagnostics(List<LocationSkills> locations, Map<String, SkillEntry> winners,
			List<SkillDiagnostic> all) {
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
	}

	// The known skill folder a path lies in (or is), as its entry's key.
	@Nullable String folderOf(Path path) {
		for (Path dir = path; dir != null && this.location.contains(dir); dir = dir.getParent()) {
			String key = dir.toString();
			if (this.entries.containsKey(key)) {
				return key;
			}
		}
		return null;
	}

	// Copies and patches the maps, so that one edit costs a copy, not a rebuild.
	LocationSkills with(List<SkillEntry> before, List<SkillEntry> after) {
		Map<String, SkillEntry> byFolder = new HashMap<>(this.entries);
		Map<String, SkillEntry> winners = new HashMap<>(this.winners);
		after.forEach((entry) -> byFolder.put(entry.key(), entry));
		for (int i = 0; i < after.size(); i++) {
			String was = before.get(i).name();
			String is = after.get(i).name();
			boolean patchable = (was == null || !this.sharedNames.contains(was))
					&& (is == null || (!this.sharedNames.contains(is) && (is.equals(was) || !winners.containsKey(is))));
			if (!patchable) {
				// Only a rebuild can pick the winner among entries of one name.
				return of(this.location, byFolder.values(), this.diagnostics);
			}
			if (was != null) {
				winners.remove(was);
			}
			if (is != null) {
				winners.put(is, after.get(i));
			}
		}
		return new LocationSkills(this.location, Collections.unmodifiableMap(byFolder),
				Collections.unmodifiableMap(winners), this.sharedNames, this.diagnostics);
	}

}
