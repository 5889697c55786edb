package dev.skills.spring.ai.catalog;

import java.util.List;

/**
 * The catalog one request gets.
 *
 * @param text the instruction and the {@code <available_skills>} block to append to the
 * system message
 * @param listed the names of the skills it lists, in the order listed
 * @param notListed how many skills of the snapshot it leaves out
 * @param leftOutRelevant the skills ranked relevant to the request that did not fit, most
 * relevant first
 */
public record CatalogSelection(String text, List<String> listed, int notListed, List<String> leftOutRelevant) {

	public CatalogSelection {
		listed = List.copyOf(listed);
		leftOutRelevant = List.copyOf(leftOutRelevant);
	}

	/**
	 * A catalog that leaves out no relevant skill.
	 * @param text the text to append to the system message
	 * @param listed the names of the skills it lists
	 * @param notListed how many skills it leaves out
	 */
	public CatalogSelection(String text, List<String> listed, int notListed) {
		this(text, listed, notListed, List.of());
	}

	/**
	 * Whether some skills are left out: then {@code search_skills} is offered and
	 * {@code activate_skill} takes any name.
	 * @return {@code true} when the catalog did not fit its budget
	 */
	public boolean partial() {
		return this.notListed > 0;
	}

}
