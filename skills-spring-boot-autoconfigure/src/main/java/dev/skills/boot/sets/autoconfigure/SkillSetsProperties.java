package dev.skills.boot.sets.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.spring.ai.set.SkillSet;
import dev.skills.spring.ai.set.SkillSets;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of skill sets: {@code skills.sets.<name>.*} and
 * {@code skills.default-set}.
 */
@ConfigurationProperties(SkillSetsProperties.PREFIX)
public class SkillSetsProperties {

	/** The prefix of these properties. */
	public static final String PREFIX = "skills";

	/**
	 * Named skill sets. A request names its set in the advisor context under 'skills.set'
	 * (or a SkillSetResolver bean names it) and sees only the skills of that set; a
	 * request naming a set that does not exist sees no skills.
	 */
	private Map<String, Definition> sets = new LinkedHashMap<>();

	/**
	 * The set of requests that name none. Without it they see every skill.
	 */
	private @Nullable String defaultSet;

	public Map<String, Definition> getSets() {
		return this.sets;
	}

	public void setSets(Map<String, Definition> sets) {
		this.sets = sets;
	}

	public @Nullable String getDefaultSet() {
		return this.defaultSet;
	}

	public void setDefaultSet(@Nullable String defaultSet) {
		this.defaultSet = defaultSet;
	}

	/**
	 * The sets these properties define.
	 * @return the sets
	 * @throws dev.skills.core.InvalidSkillSettingException when the default set is not
	 * defined
	 */
	public SkillSets toSkillSets() {
		List<SkillSet> sets = new ArrayList<>();
		this.sets.forEach((name, definition) -> sets
			.add(new SkillSet(name, definition.getInclude(), definition.getExclude(), definition.getTags())));
		return SkillSets.of(sets, this.defaultSet);
	}

	/**
	 * One set: filters that narrow.
	 */
	public static class Definition {

		/**
		 * Skill-name globs ('*' for any characters); a skill of the set matches one.
		 * Empty: every skill.
		 */
		private List<String> include = new ArrayList<>();

		/**
		 * Skill-name globs no skill of the set matches.
		 */
		private List<String> exclude = new ArrayList<>();

		/**
		 * Tags (a skill's metadata.tags, ignoring case); when given, a skill of the set
		 * carries one of them.
		 */
		private List<String> tags = new ArrayList<>();

		public List<String> getInclude() {
			return this.include;
		}

		public void setInclude(List<String> include) {
			this.include = include;
		}

		public List<String> getExclude() {
			return this.exclude;
		}

		public void setExclude(List<String> exclude) {
			this.exclude = exclude;
		}

		public List<String> getTags() {
			return this.tags;
		}

		public void setTags(List<String> tags) {
			this.tags = tags;
		}

	}

}
