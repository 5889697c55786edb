package dev.skills.boot.autoconfigure;

import dev.skills.core.SkillConfig;

/**
 * Discovery settings, {@code skills.discovery.*}: how far the search for skills (and hot
 * reload's watching) goes.
 */
public class SkillsDiscoveryProperties {

	/**
	 * Deepest folder level searched for skills below each location (the location itself
	 * is level 0); hot reload watches no deeper.
	 */
	private int maxDepth = SkillConfig.DEFAULT_DISCOVERY_MAX_DEPTH;

	/**
	 * Most folders searched for skills per location; hot reload watches no more. Reaching
	 * it is a warning, shown by the skills health check.
	 */
	private int maxDirectories = SkillConfig.DEFAULT_DISCOVERY_MAX_DIRECTORIES;

	public int getMaxDepth() {
		return this.maxDepth;
	}

	public void setMaxDepth(int maxDepth) {
		this.maxDepth = maxDepth;
	}

	public int getMaxDirectories() {
		return this.maxDirectories;
	}

	public void setMaxDirectories(int maxDirectories) {
		this.maxDirectories = maxDirectories;
	}

}
