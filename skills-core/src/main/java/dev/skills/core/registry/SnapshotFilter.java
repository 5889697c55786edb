package dev.skills.core.registry;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;

/**
 * What a filtered snapshot keeps of its generation: the winning skills that match, and
 * the diagnostics naming one of them.
 */
final class SnapshotFilter {

	private SnapshotFilter() {
	}

	static Map<String, SkillEntry> kept(Map<String, SkillEntry> winners, Predicate<? super SkillMeta> member) {
		Map<String, SkillEntry> kept = new HashMap<>();
		winners.forEach((name, entry) -> {
			if (member.test(entry.meta())) {
				kept.put(name, entry);
			}
		});
		return Collections.unmodifiableMap(kept);
	}

	static List<SkillDiagnostic> diagnostics(List<SkillDiagnostic> all, Map<String, SkillEntry> kept) {
		return all.stream()
			.filter((diagnostic) -> diagnostic.skillName() != null && kept.containsKey(diagnostic.skillName()))
			.toList();
	}

}
