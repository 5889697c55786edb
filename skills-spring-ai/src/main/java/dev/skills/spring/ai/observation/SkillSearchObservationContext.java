package dev.skills.spring.ai.observation;

import dev.skills.spring.ai.set.SkillSets;
import io.micrometer.observation.Observation;

/**
 * What an observation of one {@code search_skills} call knows. The query is kept for a
 * custom convention that chooses to record it; the default one records only its length.
 */
public class SkillSearchObservationContext extends Observation.Context {

	private final String query;

	private int hits;

	private String skillSet = SkillSets.NO_SET;

	/**
	 * Create a context.
	 * @param query the model's query
	 */
	public SkillSearchObservationContext(String query) {
		this.query = query;
	}

	/**
	 * The model's query.
	 * @return the query, as the model wrote it
	 */
	public String getQuery() {
		return this.query;
	}

	/**
	 * How many skills the search found.
	 * @return the number, 0 before it ended
	 */
	public int getHits() {
		return this.hits;
	}

	/**
	 * Record how many skills the search found.
	 * @param hits the number
	 */
	public void setHits(int hits) {
		this.hits = hits;
	}

	/**
	 * The skill set of the request, as a tag bounded by the configured sets.
	 * @return the set's name, {@value SkillSets#NO_SET} or {@value SkillSets#UNKNOWN}
	 */
	public String getSkillSet() {
		return this.skillSet;
	}

	/**
	 * Record the skill set of the request.
	 * @param skillSet the tag of its set, as {@link SkillSets#tag(String)} gives it
	 */
	public void setSkillSet(String skillSet) {
		this.skillSet = skillSet;
	}

}
