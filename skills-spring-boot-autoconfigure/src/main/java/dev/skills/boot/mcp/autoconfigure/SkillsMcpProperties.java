package dev.skills.boot.mcp.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of serving skills on the application's MCP server.
 */
@ConfigurationProperties(SkillsMcpProperties.PREFIX)
public class SkillsMcpProperties {

	/** The prefix of these properties. */
	public static final String PREFIX = "skills.mcp";

	/**
	 * Whether to serve every skill file as an MCP resource at its SEP-2640 URI
	 * (skill://NAME/SKILL.md, skill://NAME/PATH), with skill://index.json.
	 */
	private boolean resources = true;

	/**
	 * Whether to serve one MCP prompt per skill, named and described by its frontmatter,
	 * with the skill's activation text as its message.
	 */
	private boolean prompts;

	/**
	 * The skill set to serve (a name under skills.sets): tools, resources, the index and
	 * prompts hold its skills only, and other skills answer as missing ones. Unset, every
	 * skill is served.
	 */
	private @Nullable String set;

	public boolean isResources() {
		return this.resources;
	}

	public void setResources(boolean resources) {
		this.resources = resources;
	}

	public boolean isPrompts() {
		return this.prompts;
	}

	public void setPrompts(boolean prompts) {
		this.prompts = prompts;
	}

	public @Nullable String getSet() {
		return this.set;
	}

	public void setSet(@Nullable String set) {
		this.set = set;
	}

}
