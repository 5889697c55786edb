package dev.skills.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Configuration properties for Agent Skills, {@code skills.*}: where skills are found,
 * how they reach the model, and the skill tools and advisor. The discovery, watch, lock
 * and active-skills groups have classes of their own; so do the groups of a feature with
 * its own auto-configuration ({@code skills.catalog}, {@code skills.endpoint},
 * {@code skills.active-skills.jdbc}, {@code skills.mcp}, {@code skills.sources}).
 */
@ConfigurationProperties(SkillsProperties.PREFIX)
public class SkillsProperties {

	/** The prefix of every property. */
	public static final String PREFIX = "skills";

	/** Whether to enable Agent Skills. */
	private boolean enabled = true;

	/**
	 * Locations searched for skills, in precedence order: folders, 'file:' URLs or
	 * 'classpath*:' patterns. The first skill of a name wins.
	 */
	private List<String> skillsDir = new ArrayList<>(List.of(".agents/skills", SkillConfig.DEFAULT_LOCATION));

	/**
	 * Whether to watch folder locations and apply skill changes while the application
	 * runs.
	 */
	private boolean hotReload;

	/**
	 * How skills reach the model: 'on-demand' (a catalog and the activate_skill tool) or
	 * 'session' (one skill per call, named by the request context).
	 */
	private SkillConfig.Mode mode = SkillConfig.Mode.ON_DEMAND;

	/** In session mode, the request context key whose value names the skill to use. */
	private @Nullable String preloadFrom;

	/**
	 * Skills always given to the model, as instructions in the system message.
	 */
	private List<String> preload = new ArrayList<>();

	/**
	 * Most bytes of one bundled file that read_skill_resource returns.
	 */
	private int maxResourceBytes = 100_000;

	/**
	 * Most bytes of a skill's instructions (its SKILL.md body) given to the model; longer
	 * instructions are cut with a note and a warning.
	 */
	private int maxBodyBytes = 1_000_000;

	@NestedConfigurationProperty
	private final SkillsDiscoveryProperties discovery = new SkillsDiscoveryProperties();

	@NestedConfigurationProperty
	private final SkillsWatchProperties watch = new SkillsWatchProperties();

	@NestedConfigurationProperty
	private final SkillsLockProperties lock = new SkillsLockProperties();

	private final Validation validation = new Validation();

	@NestedConfigurationProperty
	private final SkillsActiveSkillsProperties activeSkills = new SkillsActiveSkillsProperties();

	private final Tools tools = new Tools();

	private final Advisor advisor = new Advisor();

	private final Builtin builtin = new Builtin();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public List<String> getSkillsDir() {
		return this.skillsDir;
	}

	public void setSkillsDir(List<String> skillsDir) {
		this.skillsDir = skillsDir;
	}

	public boolean isHotReload() {
		return this.hotReload;
	}

	public void setHotReload(boolean hotReload) {
		this.hotReload = hotReload;
	}

	public SkillConfig.Mode getMode() {
		return this.mode;
	}

	public void setMode(SkillConfig.Mode mode) {
		this.mode = mode;
	}

	public @Nullable String getPreloadFrom() {
		return this.preloadFrom;
	}

	public void setPreloadFrom(@Nullable String preloadFrom) {
		this.preloadFrom = preloadFrom;
	}

	public List<String> getPreload() {
		return this.preload;
	}

	public void setPreload(List<String> preload) {
		this.preload = preload;
	}

	public int getMaxResourceBytes() {
		return this.maxResourceBytes;
	}

	public void setMaxResourceBytes(int maxResourceBytes) {
		this.maxResourceBytes = maxResourceBytes;
	}

	public int getMaxBodyBytes() {
		return this.maxBodyBytes;
	}

	public void setMaxBodyBytes(int maxBodyBytes) {
		this.maxBodyBytes = maxBodyBytes;
	}

	public SkillsDiscoveryProperties getDiscovery() {
		return this.discovery;
	}

	public SkillsWatchProperties getWatch() {
		return this.watch;
	}

	public SkillsLockProperties getLock() {
		return this.lock;
	}

	public Validation getValidation() {
		return this.validation;
	}

	public SkillsActiveSkillsProperties getActiveSkills() {
		return this.activeSkills;
	}

	public Tools getTools() {
		return this.tools;
	}

	public Advisor getAdvisor() {
		return this.advisor;
	}

	public Builtin getBuiltin() {
		return this.builtin;
	}

	/**
	 * Start-up validation settings.
	 */
	public static class Validation {

		/**
		 * Whether start-up fails, listing every error, when a skill cannot be loaded.
		 */
		private boolean failOnError;

		public boolean isFailOnError() {
			return this.failOnError;
		}

		public void setFailOnError(boolean failOnError) {
			this.failOnError = failOnError;
		}

	}

	/**
	 * Skill tool settings.
	 */
	public static class Tools {

		/**
		 * Whether to register the skill tools (activate_skill, read_skill_resource) as a
		 * ToolCallbackProvider bean, which an MCP server exports.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * Advisor settings.
	 */
	public static class Advisor {

		/**
		 * Whether to add the skills advisor to every auto-configured ChatClient.Builder.
		 */
		private boolean enabled = true;

		/**
		 * Order of the skills advisor among the ChatClient's advisors. Keep it after chat
		 * memory (HIGHEST_PRECEDENCE + 200) and before the tool-calling advisor
		 * (HIGHEST_PRECEDENCE + 300 by default).
		 */
		private int order = SkillsAdvisor.DEFAULT_ORDER;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getOrder() {
			return this.order;
		}

		public void setOrder(int order) {
			this.order = order;
		}

	}

	/**
	 * Settings for the skills shipped inside libraries, such as skill-authoring.
	 */
	public static class Builtin {

		/**
		 * Whether built-in skills are listed in the catalog and offered by
		 * activate_skill. They stay usable by name (skills.preload, session mode,
		 * Skills.resolve) either way.
		 */
		private boolean catalog;

		public boolean isCatalog() {
			return this.catalog;
		}

		public void setCatalog(boolean catalog) {
			this.catalog = catalog;
		}

	}

}
