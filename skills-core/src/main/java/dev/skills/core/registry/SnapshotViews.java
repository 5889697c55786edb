package dev.skills.core.registry;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import org.jspecify.annotations.Nullable;

/**
 * The views of one snapshot's skills that are built on first use and then kept: most
 * requests need the catalog, few need the names, and a snapshot no request reads builds
 * neither. A race builds a view twice, equal both times.
 */
final class SnapshotViews {

	private final Supplier<Map<String, SkillEntry>> winners;

	private volatile @Nullable List<String> names;

	private volatile @Nullable List<SkillMeta> ordered;

	private volatile @Nullable String catalog;

	SnapshotViews(Supplier<Map<String, SkillEntry>> winners) {
		this.winners = winners;
	}

	List<String> names() {
		List<String> result = this.names;
		if (result == null) {
			result = this.winners.get().keySet().stream().sorted().toList();
			this.names = result;
		}
		return result;
	}

	List<SkillMeta> skills() {
		List<SkillMeta> result = this.ordered;
		if (result == null) {
			result = this.winners.get()
				.values()
				.stream()
				.map(SkillEntry::meta)
				.sorted(SkillPrompts.CATALOG_ORDER)
				.toList();
			this.ordered = result;
		}
		return result;
	}

	String catalog() {
		String result = this.catalog;
		if (result == null) {
			result = SkillPrompts.catalog(skills());
			this.catalog = result;
		}
		return result;
	}

}
