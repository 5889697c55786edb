package dev.skills.boot.sources;

import java.util.List;

import dev.skills.sources.RemoteSource;

/**
 * Contributes remote sources of a kind that {@code skills-sources} does not know (the MCP
 * servers of {@code skills.sources.mcp[]}) to the {@link dev.skills.sources.SkillSources}
 * bean; they come after the git repositories, in the contributors' order.
 */
@FunctionalInterface
public interface RemoteSourcesContributor {

	/**
	 * The sources to add, each created once its cache folder is known.
	 * @return the factories of the sources, which are closed with the
	 * {@code SkillSources}
	 */
	List<RemoteSource.Factory> sources();

}
