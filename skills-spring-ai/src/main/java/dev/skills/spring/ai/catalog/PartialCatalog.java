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

	// The most tokens one catalog line takes (name and when_to_use included); a longer
	// line is listed shortened.
	private static final int MAX_ENTRY_TOKENS = 400;

	private final EntryTokens tokens;

	private final Set<String> names = new LinkedHashSet<>();

	private final List<String> entries = new ArrayList<>();

	private final int initialRoom;

	private int room;

	PartialCatalog(EntryTokens tokens, int room) {
		this.tokens = tokens;
		this.initialRoom = room;
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
			addIfItFits(meta);
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
			int cost = cost(meta);
			if (cost <= this.room) {
				add(meta, cost != this.tokens.full(meta), cost);
				misses = 0;
			}
			else if (cost <= this.initialRoom) {
				// Only a skill that would fit an emptier catalog says the room is used
				// up: giant entries must not end the fill.
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

	// A line is at most MAX_ENTRY_TOKENS: a longer full line is listed shortened.
	private int cost(SkillMeta meta) {
		int full = this.tokens.full(meta);
		return (full <= MAX_ENTRY_TOKENS) ? full : this.tokens.shortened(meta);
	}

	private void addIfItFits(SkillMeta meta) {
		int cost = cost(meta);
		if (cost <= this.room) {
			add(meta, cost != this.tokens.full(meta), cost);
		}
		else if (this.tokens.shortened(meta) <= this.room) {
			add(meta, true, this.tokens.shortened(meta));
		}
	}

	// Best first: shorten the least relevant first; then list each that fits, skipping
	// one that does not instead of dropping every candidate ranked after it.
	private void relevant(List<SkillMeta> candidates) {
		int[] cost = new int[candidates.size()];
		long total = 0;
		for (int i = 0; i < cost.length; i++) {
			cost[i] = cost(candidates.get(i));
			total += cost[i];
		}
		for (int i = cost.length - 1; i >= 0 && total > this.room; i--) {
			int shorter = this.tokens.shortened(candidates.get(i));
			if (shorter < cost[i]) {
				total -= cost[i] - shorter;
				cost[i] = shorter;
			}
		}
		for (int i = 0; i < cost.length; i++) {
			SkillMeta meta = candidates.get(i);
			if (cost[i] <= this.room) {
				add(meta, cost[i] != this.tokens.full(meta), cost[i]);
			}
			else {
				addIfItFits(meta);
			}
		}
	}

	private void add(SkillMeta meta, boolean shortened, int tokens) {
		this.names.add(meta.name());
		this.entries.add(SkillPrompts.catalogEntry(meta, shortened));
		this.room -= tokens;
	}

}
