package dev.skills.spring.ai.set;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.core.SkillMeta;

/**
 * A named set of skills, defined by filters that narrow: a skill is in the set when it
 * matches an {@code include} glob (no {@code include}: every skill), carries one of the
 * {@code tags} when tags are given (its {@code metadata.tags}, compared ignoring case),
 * and matches no {@code exclude} glob. Globs match whole skill names; {@code *} stands
 * for any run of characters.
 *
 * @param name the set's name, as requests name it
 * @param include name globs a skill must match one of; empty for every skill
 * @param exclude name globs no skill of the set matches
 * @param tags tags a skill must carry one of; empty for no condition
 */
public record SkillSet(String name, List<String> include, List<String> exclude,
		List<String> tags) implements Predicate<SkillMeta> {

	/**
	 * Check and copy the filters.
	 * @throws InvalidSkillSettingException when the name is blank
	 */
	public SkillSet {
		if (name == null || name.isBlank()) {
			throw new InvalidSkillSettingException("skills.sets", name, "a skill set needs a name",
					"a name such as support or billing");
		}
		include = List.copyOf(include);
		exclude = List.copyOf(exclude);
		tags = tags.stream().map((tag) -> tag.toLowerCase(Locale.ROOT)).toList();
	}

	/**
	 * A set of the skills whose names match one of these globs.
	 * @param name the set's name
	 * @param include the name globs
	 * @return the set
	 */
	public static SkillSet of(String name, String... include) {
		return new SkillSet(name, List.of(include), List.of(), List.of());
	}

	/**
	 * Whether a skill is in this set.
	 * @param skill the skill
	 * @return {@code true} when every filter lets it in
	 */
	@Override
	public boolean test(SkillMeta skill) {
		return (this.include.isEmpty() || matchesAny(this.include, skill.name())) && hasTag(skill)
				&& !matchesAny(this.exclude, skill.name());
	}

	private boolean hasTag(SkillMeta skill) {
		if (this.tags.isEmpty()) {
			return true;
		}
		for (String tag : skill.tags()) {
			if (this.tags.contains(tag.toLowerCase(Locale.ROOT))) {
				return true;
			}
		}
		return false;
	}

	private static boolean matchesAny(List<String> globs, String name) {
		for (String glob : globs) {
			if (matches(glob, name)) {
				return true;
			}
		}
		return false;
	}

	// Literal parts in order, the first anchored at the start and the last at the end,
	// compared in place: no regular expression, no allocation, no backtracking.
	static boolean matches(String glob, String name) {
		int star = glob.indexOf('*');
		if (star < 0) {
			return glob.equals(name);
		}
		if (!name.regionMatches(0, glob, 0, star)) {
			return false;
		}
		int at = star;
		int partStart = star + 1;
		int next = glob.indexOf('*', partStart);
		while (next >= 0) {
			at = find(name, at, glob, partStart, next - partStart);
			if (at < 0) {
				return false;
			}
			partStart = next + 1;
			next = glob.indexOf('*', partStart);
		}
		int lastLength = glob.length() - partStart;
		return name.length() - lastLength >= at
				&& name.regionMatches(name.length() - lastLength, glob, partStart, lastLength);
	}

	// Where the part ends in the name when found at or after from, else -1.
	private static int find(String name, int from, String glob, int partStart, int length) {
		for (int i = from; i + length <= name.length(); i++) {
			if (name.regionMatches(i, glob, partStart, length)) {
				return i + length;
			}
		}
		return -1;
	}

}
