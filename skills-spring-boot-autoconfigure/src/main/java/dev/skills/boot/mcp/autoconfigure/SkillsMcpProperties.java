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
	 * The MCP Skills Extension on protocol 2026-07-28, beside the application's MCP
	 * server.
	 */
	private final Modern modern = new Modern();

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

	public Modern getModern() {
		return this.modern;
	}

	/**
	 * The Skills Extension endpoint (skills/list, skills/get, resources/read on protocol
	 * 2026-07-28).
	 */
	public static class Modern {

		/**
		 * Whether to serve the Skills Extension on protocol 2026-07-28.
		 */
		private boolean enabled;

		/**
		 * The endpoint's path in the application's web server.
		 */
		private String path = "/mcp/skills";

		/**
		 * How many entries one page of skills/list, resources/list and
		 * resources/directory/read holds.
		 */
		private int pageSize = 100;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getPath() {
			return this.path;
		}

		public void setPath(String path) {
			this.path = path;
		}

		public int getPageSize() {
			return this.pageSize;
		}

		public void setPageSize(int pageSize) {
			this.pageSize = pageSize;
		}

	}

}
