package dev.skills.spring.ai.catalog;

import java.util.List;
import java.util.function.Predicate;

import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsSnapshot;

/**
 * Which skills the model is offered by name. The catalog and {@code activate_skill} list
 * every skill but the preloaded ones (their instructions are in the system message
 * already) and the built-in ones (unless asked for: an application's model should not be
 * offered a skill about writing skills it never chose). {@code read_skill_resource} reads
 * the listed and the preloaded skills' files.
 *
 * @param preloaded the skills always in the system message, in order
 * @param listBuiltins whether built-in skills are listed too
 */
public record SkillOffer(List<String> preloaded, boolean listBuiltins) implements Predicate<SkillMeta> {

	public SkillOffer {
		preloaded = List.copyOf(preloaded);
	}

	/**
	 * Whether a skill is listed in the catalog and the {@code activate_skill} names.
	 * @param skill the skill
	 * @return {@code true} when listed
	 */
	public boolean lists(SkillMeta skill) {
		return !this.preloaded.contains(skill.name()) && (this.listBuiltins || !skill.builtin());
	}

	@Override
	public boolean test(SkillMeta skill) {
		return lists(skill);
	}

	/**
	 * The listed skills of a snapshot, in catalog order.
	 * @param snapshot the snapshot
	 * @return the skills
	 */
	public List<SkillMeta> listed(SkillsSnapshot snapshot) {
		return snapshot.skills().stream().filter(this::lists).toList();
	}

	/**
	 * The names whose files {@code read_skill_resource} reads, sorted.
	 * @param snapshot the snapshot
	 * @return the names
	 */
	public List<String> readable(SkillsSnapshot snapshot) {
		return snapshot.names()
			.stream()
			.filter((name) -> this.preloaded.contains(name) || snapshot.get(name).map(this::lists).orElse(false))
			.toList();
	}

}
