package dev.skills.boot.sources;

import java.util.List;

import dev.skills.sources.SkillSource;

/**
 * Contributes skill sources of a kind that {@code skills-sources} does not know (the MCP
 * servers of {@code skills.sources.mcp[]}) to the
 * {@link dev.skills.sources.SourceRefresher} bean; they come after the git repositories
 * and the indexes, in the contributors' order.
 */
@FunctionalInterface
public interface SkillSourcesContributor {

	/**
	 * The sources to add, each created once its cache folder is known.
	 * @return the factories of the sources, which are closed with the
	 * {@code SourceRefresher}
	 */
	List<SkillSource.Factory> sources();

}
