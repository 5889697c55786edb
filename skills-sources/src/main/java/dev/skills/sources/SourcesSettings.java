package dev.skills.sources;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where sources are cached and how much a fetch may take.
 *
 * @param cacheDir the folder under which each source gets a folder of its own
 * @param timeout the longest one fetch, and one checkout, may take whole (a
 * {@link Deadline})
 * @param maxFiles the most files (archive entries among them) one revision may hold, and
 * the most requests its checkout may make
 * @param maxBytes the most bytes one revision may hold, and one fetch may bring
 */
public record SourcesSettings(Path cacheDir, Duration timeout, int maxFiles, long maxBytes) {

	/**
	 * Check the settings.
	 * @param cacheDir the cache folder
	 * @param timeout the fetch timeout
	 * @param maxFiles the most files
	 * @param maxBytes the most bytes
	 */
	public SourcesSettings {
		if (maxFiles < 1 || maxBytes < 1) {
			throw new IllegalArgumentException("max-files and max-size must be positive");
		}
	}

	/** The default cache folder: {@code skills-sources} in the temp folder. */
	public static final Path DEFAULT_CACHE_DIR = Path.of(System.getProperty("java.io.tmpdir"), "skills-sources");

	/**
	 * The defaults: the temp folder, 30 s, 10,000 files, 100 MB.
	 * @return the default settings
	 */
	public static SourcesSettings defaults() {
		return new SourcesSettings(DEFAULT_CACHE_DIR, Duration.ofSeconds(30), 10_000, 100L * 1024 * 1024);
	}

	/**
	 * A budget for one revision, nothing taken yet.
	 * @return a budget of these limits
	 */
	public FetchBudget budget() {
		return new FetchBudget(this.maxFiles, this.maxBytes);
	}

	/**
	 * The same settings with another cache folder.
	 * @param cacheDir the cache folder
	 * @return the settings
	 */
	public SourcesSettings withCacheDir(Path cacheDir) {
		return new SourcesSettings(cacheDir, this.timeout, this.maxFiles, this.maxBytes);
	}

}
