package dev.skills.autoconfigure.sources;

import java.util.List;

import dev.skills.sources.RemoteSource;
import dev.skills.sources.SkillSources.SourcesSettings;

/**
 * Contributes remote sources of a kind that {@code skills-sources} does not know (the MCP
 * servers of {@code skills.sources.mcp[]}) to the {@link dev.skills.sources.SkillSources}
 * bean; they come after the git repositories, in the contributors' order.
 */
@FunctionalInterface
public interface RemoteSourcesContributor {

	/**
	 * The sources to add.
	 * @param settings the cache folder, fetch timeout and limits every source shares
	 * @return the sources, closed with the {@code SkillSources}
	 */
	List<RemoteSource> sources(SourcesSettings settings);

}
