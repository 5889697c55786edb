package dev.skills.boot.catalog.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of the skill catalog the model sees on every request.
 */
@ConfigurationProperties(SkillsCatalogProperties.PREFIX)
public class SkillsCatalogProperties {

	/** The prefix of these properties. */
	public static final String PREFIX = "skills.catalog";

	/**
	 * The most tokens the catalog may take in a request's system message, with its
	 * instruction, counted with the application's TokenCountEstimator bean or cl100k.
	 * When every skill fits, the catalog lists them all; otherwise it lists the most
	 * relevant and search_skills finds the rest.
	 */
	private int maxTokens = 4000;

	/**
	 * Skills listed first whenever the catalog does not fit its budget, after the skills
	 * active in the conversation.
	 */
	private List<String> alwaysInclude = new ArrayList<>();

	/**
	 * How many skills search_skills answers with, best first.
	 */
	private int searchResults = 10;

	/**
	 * How many characters of each skill's body the keyword index reads (its opening, then
	 * its headings up to a quarter more), weighted below the frontmatter; read off the
	 * request path. 0 ranks by the frontmatter alone.
	 */
	private int indexedBodyChars = 2048;

	/**
	 * Ranking by meaning, with the application's Spring AI EmbeddingModel, beside the
	 * keyword index.
	 */
	private final Embeddings embeddings = new Embeddings();

	public int getMaxTokens() {
		return this.maxTokens;
	}

	public void setMaxTokens(int maxTokens) {
		this.maxTokens = maxTokens;
	}

	public List<String> getAlwaysInclude() {
		return this.alwaysInclude;
	}

	public void setAlwaysInclude(List<String> alwaysInclude) {
		this.alwaysInclude = alwaysInclude;
	}

	public int getSearchResults() {
		return this.searchResults;
	}

	public void setSearchResults(int searchResults) {
		this.searchResults = searchResults;
	}

	public int getIndexedBodyChars() {
		return this.indexedBodyChars;
	}

	public void setIndexedBodyChars(int indexedBodyChars) {
		this.indexedBodyChars = indexedBodyChars;
	}

	public Embeddings getEmbeddings() {
		return this.embeddings;
	}

	/**
	 * Ranking skills by meaning as well as by keywords.
	 */
	public static class Embeddings {

		/**
		 * Whether to rank skills also by the similarity of their embeddings to the
		 * conversation's, fused with the keyword ranking, so that a request that shares
		 * no word with a skill's description still lists it. Needs one EmbeddingModel
		 * bean; each request whose catalog does not fit makes one embedding call, and
		 * every skill is embedded once at start-up and again when it changes, off the
		 * request path.
		 */
		private boolean enabled;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

}
