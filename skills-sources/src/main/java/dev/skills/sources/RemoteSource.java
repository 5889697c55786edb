package dev.skills.sources;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * A place skills are fetched from, one revision at a time: it names its newest revision
 * and writes a revision's files into a folder. Checking the files, switching to them and
 * telling the registry are {@link SkillSources}'. Git repositories are built in; another
 * module contributes a kind of its own (skills-mcp reads MCP servers) by implementing
 * this interface and passing its sources to
 * {@link SkillSources#create(java.util.List, java.util.List, SkillSources.SourcesSettings, FetchListener)}.
 * Every method is called on the sources' thread, one at a time.
 */
public interface RemoteSource extends AutoCloseable {

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
	 * What the last checkout left out, for operators: for example skills skipped because
	 * a file failed its digest. Shown as the source's last error while no fetch fails.
	 * @return a one-line summary, or {@code null} when nothing was left out
	 */
	default @Nullable String warning() {
		return null;
	}

	/**
	 * End what the source owns (threads, connections it opened); called once by
	 * {@link SkillSources#close()}.
	 */
	@Override
	default void close() {
	}

}
