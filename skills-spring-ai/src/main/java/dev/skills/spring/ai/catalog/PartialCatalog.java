package dev.skills.spring.ai.catalog;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;

/**
 * Fills the room of one catalog that does not fit whole: pinned skills, then relevant
 * ones, then the rest in catalog order. Used once, for one request.
 */
final class PartialCatalog {

	// Filling the rest in catalog order stops after this many skills in a row did not
	// fit.
	private static final int MAX_MISSES = 16;

	private final EntryTokens tokens;

	private final Set<String> names = new LinkedHashSet<>();

	private final List<String> entries = new ArrayList<>();

	private int room;

	PartialCatalog(EntryTokens tokens, int room) {
		this.tokens = tokens;
		this.room = room;
	}

	/**
	 * Choose the skills.
	 * @param listable the skills that may be listed, in catalog order
	 * @param pinned the active and always-included skills, listed first
	 * @param relevant the skills most relevant to the request, best first
	 * @return the catalog
	 */
	CatalogSelection choose(List<SkillMeta> listable, List<SkillMeta> pinned, List<SkillMeta> relevant) {
		for (SkillMeta meta : pinned) {
			if (this.tokens.full(meta) <= this.room) {
				add(meta, false, this.tokens.full(meta));
			}
			else if (this.tokens.shortened(meta) <= this.room) {
				add(meta, true, this.tokens.shortened(meta));
			}
		}
		relevant(relevant.stream().filter((meta) -> !this.names.contains(meta.name())).toList());
		int misses = 0;
		for (SkillMeta meta : listable) {
			if (misses >= MAX_MISSES) {
				break;
			}
			if (this.names.contains(meta.name())) {
				continue;
			}
			int full = this.tokens.full(meta);
			if (full <= this.room) {
				add(meta, false, full);
				misses = 0;
			}
			else {
				misses++;
			}
		}
		int notListed = listable.size() - this.names.size();
		// The relevant skills the room could not hold: what operators of large
		// collections ask about.
		List<String> leftOut = new ArrayList<>();
		for (SkillMeta meta : relevant) {
			if (!this.names.contains(meta.name())) {
				leftOut.add(meta.name());
			}
		}
		return new CatalogSelection(SkillPrompts.catalogSection(SkillPrompts.partialCatalog(this.entries, notListed)),
				List.copyOf(this.names), notListed, leftOut);
	}

	// Best first: shorten the least relevant first, then drop from the end.
	private void relevant(List<SkillMeta> candidates) {
		int[] cost = new int[candidates.size()];
		boolean[] shortened = new boolean[candidates.size()];
		long total = 0;
		for (int i = 0; i < cost.length; i++) {
			cost[i] = this.tokens.full(candidates.get(i));
			total += cost[i];
		}
		for (int i = cost.length - 1; i >= 0 && total > this.room; i--) {
			int shorter = this.tokens.shortened(candidates.get(i));
			if (shorter < cost[i]) {
				total -= cost[i] - shorter;
				cost[i] = shorter;
				shortened[i] = true;
			}
		}
		int kept = cost.length;
		while (kept > 0 && total > this.room) {
			total -= cost[--kept];
		}
		for (int i = 0; i < kept; i++) {
			add(candidates.get(i), shortened[i], cost[i]);
		}
	}

	private void add(SkillMeta meta, boolean shortened, int tokens) {
		this.names.add(meta.name());
		this.entries.add(SkillPrompts.catalogEntry(meta, shortened));
		this.room -= tokens;
	}

}
