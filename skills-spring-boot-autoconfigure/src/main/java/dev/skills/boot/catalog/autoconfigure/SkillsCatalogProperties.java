package dev.skills.boot.catalog.autoconfigure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

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
	 * Ranking by meaning beside the keyword index.
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
		 * no word with a skill's description still lists it. On by default when
		 * skills-embeddings-local is on the class path, off otherwise. Each request whose
		 * catalog does not fit makes one embedding call; every skill is embedded once per
		 * content and model, off the request path.
		 */
		private @Nullable Boolean enabled;

		/**
		 * The embedding model of the skills index: 'local' (skills-embeddings-local's
		 * in-process model, the default when it is on the class path) or 'application'
		 * (the application's one EmbeddingModel bean, the default otherwise).
		 */
		private @Nullable Model model;

		/**
		 * The folder of the cache of skill vectors, keyed by model and content, so that a
		 * restart or a second instance on this machine embeds nothing that did not
		 * change. Defaults to 'skills-embeddings' in the temporary folder.
		 */
		private @Nullable Path cacheDir;

		public @Nullable Boolean getEnabled() {
			return this.enabled;
		}

		public void setEnabled(@Nullable Boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable Model getModel() {
			return this.model;
		}

		public void setModel(@Nullable Model model) {
			this.model = model;
		}

		public @Nullable Path getCacheDir() {
			return this.cacheDir;
		}

		public void setCacheDir(@Nullable Path cacheDir) {
			this.cacheDir = cacheDir;
		}

	}

	/**
	 * Which embedding model ranks skills by meaning.
	 */
	public enum Model {

		/** skills-embeddings-local's in-process model. */
		LOCAL,

		/** The application's EmbeddingModel bean. */
		APPLICATION

	}

}
