package dev.skills.sources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * A place skills are fetched from, one revision at a time: it names its newest revision
 * and writes a revision's files into a folder. Checking the files, switching to them and
 * telling the registry are {@link SourceRefresher}'. Git repositories are built in;
 * another module contributes a kind of its own (skills-mcp reads MCP servers) by
 * implementing this interface and passing its sources to
 * {@link SourceRefresher#create(java.util.List, SourcesSettings, java.util.function.Consumer)}
 * through a {@link Factory}. Every method is called on the source's own thread, one at a
 * time; {@link SourcesSettings#timeout()} bounds each {@link #fetch()} and each checkout
 * whole (see {@link Deadline}), and everything fetched counts against a
 * {@link FetchBudget}.
 */
public interface SkillSource {

	/**
	 * The source's name, as operators see it: no credentials, no cache path.
	 * @return the name
	 */
	String name();

	/**
	 * The kind of source.
	 * @return for example {@code git}
	 */
	String type();

	/**
	 * Whether the source can change: {@code false} for a pinned commit.
	 * @return whether fetching again can bring something new
	 */
	boolean moves();

	/**
	 * How often to fetch again.
	 * @return the interval; zero for only at start-up and when asked
	 */
	Duration refreshInterval();

	/**
	 * Fetch what is needed to check out the newest revision.
	 * @return the newest revision's id
	 * @throws IOException when the source cannot be reached or refuses
	 */
	String fetch() throws IOException;

	/**
	 * Write a fetched revision's files into an empty folder.
	 * @param revision the revision, from {@link #fetch()}
	 * @param served the revision served now, whose unchanged files may be shared (its
	 * complete folder, read-only, is {@code into.resolveSibling(served)}), or
	 * {@code null}
	 * @param into the empty folder
	 * @throws IOException when the revision cannot be written or breaks a limit
	 */
	void checkout(String revision, @Nullable String served, Path into) throws IOException;

	/**
	 * Bring a folder that holds another revision (the spare one, served before the
	 * revision served now) to a revision. By default the folder is emptied and
	 * {@link #checkout checked out} again; a source that can tell what changed between
	 * two revisions writes only that.
	 * @param revision the revision, from {@link #fetch()}
	 * @param served the revision served now, whose unchanged files may be shared, or
	 * {@code null}
	 * @param base the revision the folder holds
	 * @param folder the folder
	 * @throws IOException when the revision cannot be written or breaks a limit
	 */
	default void update(String revision, @Nullable String served, String base, Path folder) throws IOException {
		FolderTrees.delete(folder);
		Files.createDirectory(folder);
		checkout(revision, served, folder);
	}

	/**
	 * What the last checkout left out and why (a skill whose digest does not match, an
	 * unknown index version), kept as warnings on the registry while the source serves.
	 * @return the warnings, empty by default
	 */
	default List<String> warnings() {
		return List.of();
	}

	/**
	 * Let go of what the source holds (its HTTP client's threads); called once, when the
	 * sources close.
	 */
	default void close() {
	}

	/**
	 * Creates a source once its cache folder is known.
	 */
	interface Factory {

		/**
		 * A short readable name for the source's cache folder.
		 * @return for example the host of an index
		 */
		String readableName();

		/**
		 * Everything that makes the source another one, hashed into the cache folder's
		 * name; never shown.
		 * @return for example an index's URL
		 */
		String identity();

		/**
		 * Create the source.
		 * @param settings the fetch timeout and the checkout limits
		 * @param store a folder of the source's own, kept between fetches and restarts
		 * and never read by the registry (git keeps its objects there, an index the
		 * download under way); it may not exist yet
		 * @param revisionFolder the folder of a revision once served: where a checkout
		 * finds the files of the revision served now
		 * @return the source
		 */
		SkillSource create(SourcesSettings settings, Path store, Function<String, Path> revisionFolder);

	}

}
