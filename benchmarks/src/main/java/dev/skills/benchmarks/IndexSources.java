package dev.skills.benchmarks;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.index.IndexSourceFactory;
import dev.skills.sources.index.IndexSourceSettings;

/**
 * The one place the index benchmarks call the sources' API: an index source over a cache
 * folder, and a refresh that fails loudly (a failed one would be timed as a fast one).
 */
final class IndexSources {

	private IndexSources() {
	}

	/**
	 * Sources of one index, not started.
	 * @param url the index
	 * @param cache the cache folder
	 * @return the sources
	 */
	static SourceRefresher of(String url, Path cache) {
		SourcesSettings settings = new SourcesSettings(cache, Duration.ofMinutes(5), 10_000, 4L * 1024 * 1024 * 1024);
		return SourceRefresher.create(
				List.of(new IndexSourceFactory(IndexSourceSettings.of(URI.create(url), Duration.ZERO))), settings,
				(status) -> {
				});
	}

	/**
	 * Fetch, and fail unless the fetch succeeded.
	 * @param sources the sources
	 * @return the status
	 */
	static SourceStatus refresh(SourceRefresher sources) {
		SourceStatus status = sources.refresh().get(0);
		if (status.lastError() != null || status.revision() == null) {
			throw new IllegalStateException("the index was not served: " + status.lastError());
		}
		return status;
	}

}
