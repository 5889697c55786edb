package dev.skills.boot;

import java.util.List;

/**
 * Adds locations to the registry's {@code skills.skills-dir}, after the configured ones
 * (a configured location wins a name clash). A module that materialises skills into
 * folders of its own, such as remote sources, contributes its folders this way.
 */
@FunctionalInterface
public interface SkillLocationsContributor {

	/**
	 * The locations to search after the configured ones.
	 * @return folder paths, {@code file:} URLs or {@code classpath*:} patterns, in
	 * precedence order
	 */
	List<String> locations();

}
