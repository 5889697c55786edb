package dev.skills.spring.ai.catalog.index;

/**
 * How far an {@link EmbeddingSkillIndex} is: ranking by meaning covers every skill when
 * {@code embedded == total}; until then the skills not yet embedded are ranked by
 * keywords alone.
 *
 * @param model the name of the index's embedding model
 * @param embedded the skills embedded so far
 * @param total the skills in the registry
 * @param computed the vectors this instance computed rather than took from the cache
 */
public record EmbeddingStatus(String model, int embedded, int total, long computed) {

	/**
	 * Whether every skill is embedded.
	 * @return {@code true} when ranking by meaning covers every skill
	 */
	public boolean ready() {
		return this.embedded >= this.total;
	}

}
