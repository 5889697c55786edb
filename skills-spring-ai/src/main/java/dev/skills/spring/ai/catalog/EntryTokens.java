package dev.skills.spring.ai.catalog;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.skills.core.SkillMeta;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsSnapshot;

import org.springframework.ai.tokenizer.TokenCountEstimator;

/**
 * The tokens of each skill's catalog line, full and shortened, counted once per version
 * of the skill: a reload recounts only the skills it changed.
 */
final class EntryTokens {

	private final TokenCountEstimator estimator;

	private final Map<String, Counted> counts = new ConcurrentHashMap<>();

	EntryTokens(TokenCountEstimator estimator) {
		this.estimator = estimator;
	}

	int full(SkillMeta meta) {
		return counted(meta).full();
	}

	int shortened(SkillMeta meta) {
		Counted counted = counted(meta);
		if (counted.shortened() < 0) {
			counted = new Counted(meta, counted.full(), count(meta, true));
			this.counts.put(meta.name(), counted);
		}
		return counted.shortened();
	}

	int count(String text) {
		return this.estimator.estimate(text);
	}

	/**
	 * Forget skills a snapshot no longer holds, so the counts never outgrow the skills.
	 * @param snapshot the current snapshot
	 */
	void retain(SkillsSnapshot snapshot) {
		if (this.counts.size() > snapshot.size()) {
			this.counts.keySet().removeIf((name) -> !snapshot.contains(name));
		}
	}

	private Counted counted(SkillMeta meta) {
		Counted counted = this.counts.get(meta.name());
		if (counted == null || (counted.meta() != meta && !counted.meta().equals(meta))) {
			counted = new Counted(meta, count(meta, false), -1);
			this.counts.put(meta.name(), counted);
		}
		return counted;
	}

	// The line as the catalog holds it, with its line feed.
	private int count(SkillMeta meta, boolean shortened) {
		return this.estimator.estimate(SkillPrompts.catalogEntry(meta, shortened) + "\n");
	}

	private record Counted(SkillMeta meta, int full, int shortened) {
	}

}
