package dev.skills.sources.index;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourcesSettings;

/**
 * Checks an index out in a JVM of its own, started with a small heap by
 * {@link LargeArtifactsTests}, and prints how the fetch ended.
 */
public final class LargeArtifacts {

	private LargeArtifacts() {
	}

	/**
	 * Fetch an index once.
	 * @param args the index's URL, the cache folder, and {@code max-size} in bytes
	 */
	public static void main(String[] args) {
		SourcesSettings settings = new SourcesSettings(Path.of(args[1]), Duration.ofSeconds(120), 1000,
				Long.parseLong(args[2]));
		try (SourceRefresher sources = SourceRefresher.create(
				List.of(new IndexSourceFactory(IndexSourceSettings.of(URI.create(args[0]), Duration.ZERO))), settings,
				(status) -> {
				})) {
			SourceStatus status = sources.refresh().get(0);
			System.out.println("outcome: " + status.outcome());
			System.out.println("lastError: " + status.lastError());
		}
	}

}
