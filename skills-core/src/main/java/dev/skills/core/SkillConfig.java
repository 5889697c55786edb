package dev.skills.core;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import dev.skills.core.lock.SkillsLock;
import org.jspecify.annotations.Nullable;

/**
 * How a {@code SkillsRegistry} finds skills and how they are offered to the model. Build
 * one with {@link #builder()}.
 *
 * @param skillsDir the locations searched for skills, in precedence order: folder paths,
 * {@code file:} URLs and {@code classpath*:} patterns
 * @param hotReload whether folder locations are watched and changes applied while running
 * @param maxResourceBytes the most bytes {@code read_skill_resource} returns of one file
 * @param watchDebounce how long the watcher waits for a burst of file events to settle
 * @param pollInterval when set, poll the folders at this interval instead of relying on
 * native file events (for file systems such as NFS that send none)
 * @param maxBodyBytes the most bytes of a skill's instructions (its {@code SKILL.md}
 * body) given to the model; the rest is cut with a note
 * @param discoveryMaxDepth the deepest folder level searched for skills below a location
 * (the location is level 0); hot reload watches no deeper
 * @param discoveryMaxDirectories the most folders searched for skills per location; hot
 * reload watches no more
 * @param mode how skills reach the model
 * @param preloadFrom in session mode, the request context key naming the skill
 * @param lock when set, the skills read from folders are checked against it
 * @param lockMode what becomes of a skill that differs from the lock or that the lock
 * does not name
 */
public record SkillConfig(List<String> skillsDir, boolean hotReload, int maxResourceBytes, Duration watchDebounce,
		@Nullable Duration pollInterval, int maxBodyBytes, int discoveryMaxDepth, int discoveryMaxDirectories,
		Mode mode, @Nullable String preloadFrom, @Nullable SkillsLock lock, SkillsLock.Mode lockMode) {

	/** The default location: skills packaged in any jar on the classpath. */
	public static final String DEFAULT_LOCATION = "classpath*:META-INF/skills/";

	/** The default for {@link #maxResourceBytes()}. */
	public static final int DEFAULT_MAX_RESOURCE_BYTES = 100_000;

	/** The default for {@link #maxBodyBytes()}: far above any skill's instructions. */
	public static final int DEFAULT_MAX_BODY_BYTES = 1_000_000;

	/** The largest {@link #maxResourceBytes()} and {@link #maxBodyBytes()}: 16 MiB. */
	public static final int MAX_BYTES_LIMIT = 16 * 1024 * 1024;

	/** The default for {@link #watchDebounce()}. */
	public static final Duration DEFAULT_WATCH_DEBOUNCE = Duration.ofMillis(100);

	/** The default for {@link #discoveryMaxDepth()}: room for {@code category/skill/}. */
	public static final int DEFAULT_DISCOVERY_MAX_DEPTH = 6;

	/** The default for {@link #discoveryMaxDirectories()}: room for 10,000 skills. */
	public static final int DEFAULT_DISCOVERY_MAX_DIRECTORIES = 50_000;

	public SkillConfig {
		skillsDir = List.copyOf(skillsDir);
		SkillConfigRules.check(maxResourceBytes, maxBodyBytes, watchDebounce, pollInterval, discoveryMaxDepth,
				discoveryMaxDirectories);
		mode.checkPreloadFrom(preloadFrom);
	}

	/**
	 * The one rule for every byte limit: from 1 to {@value #MAX_BYTES_LIMIT}.
	 * @param name the setting or argument, for the message
	 * @param bytes the value
	 * @return the value
	 * @throws InvalidSkillSettingException when it is out of range
	 */
	public static int checkByteLimit(String name, int bytes) {
		return SkillConfigRules.checkByteLimit(name, bytes, DEFAULT_MAX_RESOURCE_BYTES);
	}

	/**
	 * The folder locations, in order: the ones hot reload watches.
	 * @return the folder locations as paths
	 */
	public List<Path> folderLocations() {
		return this.skillsDir.stream().map(SkillConfig::folderOf).filter(Objects::nonNull).toList();
	}

	/**
	 * The folder a location names.
	 * @param location a folder path, a {@code file:} URL or a classpath pattern
	 * @return the folder, not made absolute; {@code null} for a classpath pattern
	 */
	public static @Nullable Path folderOf(String location) {
		return SkillConfigRules.folderOf(location);
	}

	/**
	 * How skills reach the model (10xGraph's {@code mode}).
	 */
	public enum Mode {

		/** A catalog; the model activates skills with {@code activate_skill}. */
		ON_DEMAND,

		/** One skill per call, named by the request context key {@code preloadFrom}. */
		SESSION;

		/**
		 * The mode as the {@code skills.mode} property writes it.
		 * @return {@code on-demand} or {@code session}
		 */
		public String label() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

		/**
		 * Check that session mode has the request context key that names its skill.
		 * @param preloadFrom the key
		 * @throws InvalidSkillSettingException in session mode without a key
		 */
		public void checkPreloadFrom(@Nullable String preloadFrom) {
			SkillConfigRules.checkPreloadFrom(this, preloadFrom);
		}

	}

	/**
	 * A builder holding the defaults.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Builds a {@link SkillConfig}; every setting starts at its default.
	 */
	public static final class Builder {

		private List<String> skillsDir = List.of(DEFAULT_LOCATION);

		private boolean hotReload;

		private int maxResourceBytes = DEFAULT_MAX_RESOURCE_BYTES;

		private Duration watchDebounce = DEFAULT_WATCH_DEBOUNCE;

		private @Nullable Duration pollInterval;

		private int maxBodyBytes = DEFAULT_MAX_BODY_BYTES;

		private int discoveryMaxDepth = DEFAULT_DISCOVERY_MAX_DEPTH;

		private int discoveryMaxDirectories = DEFAULT_DISCOVERY_MAX_DIRECTORIES;

		private Mode mode = Mode.ON_DEMAND;

		private @Nullable String preloadFrom;

		private @Nullable SkillsLock lock;

		private SkillsLock.Mode lockMode = SkillsLock.Mode.VERIFY;

		private Builder() {
		}

		/**
		 * Set the locations, in precedence order.
		 * @param locations folder paths, {@code file:} URLs or classpath patterns
		 * @return this builder
		 */
		public Builder skillsDir(List<String> locations) {
			this.skillsDir = List.copyOf(locations);
			return this;
		}

		/**
		 * Set the locations, as {@link #skillsDir(List)} does.
		 * @param locations the locations
		 * @return this builder
		 */
		public Builder skillsDir(String... locations) {
			return skillsDir(List.of(locations));
		}

		/**
		 * Turn hot reload on or off.
		 * @param hotReload whether to watch folder locations
		 * @return this builder
		 */
		public Builder hotReload(boolean hotReload) {
			this.hotReload = hotReload;
			return this;
		}

		/**
		 * Set the most bytes returned of one bundled file.
		 * @param maxResourceBytes from 1 to {@value SkillConfig#MAX_BYTES_LIMIT}
		 * @return this builder
		 */
		public Builder maxResourceBytes(int maxResourceBytes) {
			this.maxResourceBytes = maxResourceBytes;
			return this;
		}

		/**
		 * Set how long a burst of file events may last before it is applied.
		 * @param watchDebounce the quiet period
		 * @return this builder
		 */
		public Builder watchDebounce(Duration watchDebounce) {
			this.watchDebounce = watchDebounce;
			return this;
		}

		/**
		 * Poll folders at this interval instead of using native file events.
		 * @param pollInterval the interval, or {@code null} for native events
		 * @return this builder
		 */
		public Builder pollInterval(@Nullable Duration pollInterval) {
			this.pollInterval = pollInterval;
			return this;
		}

		/**
		 * Set the most bytes of a skill's instructions given to the model.
		 * @param maxBodyBytes from 1 to {@value SkillConfig#MAX_BYTES_LIMIT}
		 * @return this builder
		 */
		public Builder maxBodyBytes(int maxBodyBytes) {
			this.maxBodyBytes = maxBodyBytes;
			return this;
		}

		/**
		 * Set how deep below a location skills are searched for (and watched).
		 * @param discoveryMaxDepth the deepest level, the location being level 0
		 * @return this builder
		 */
		public Builder discoveryMaxDepth(int discoveryMaxDepth) {
			this.discoveryMaxDepth = discoveryMaxDepth;
			return this;
		}

		/**
		 * Set how many folders per location are searched for skills (and watched).
		 * @param discoveryMaxDirectories a positive number of folders
		 * @return this builder
		 */
		public Builder discoveryMaxDirectories(int discoveryMaxDirectories) {
			this.discoveryMaxDirectories = discoveryMaxDirectories;
			return this;
		}

		/**
		 * Set how skills reach the model (default on-demand).
		 * @param mode on-demand or session
		 * @return this builder
		 */
		public Builder mode(Mode mode) {
			this.mode = mode;
			return this;
		}

		/**
		 * Set the request context key that names the skill of a call in session mode.
		 * @param preloadFrom the key, such as {@code SKILL_NAME}
		 * @return this builder
		 */
		public Builder preloadFrom(@Nullable String preloadFrom) {
			this.preloadFrom = preloadFrom;
			return this;
		}

		/**
		 * Check the skills read from folders against a lock.
		 * @param lock the lock, or {@code null} for none
		 * @param mode {@code VERIFY} serves only what it pins, {@code WARN} warns instead
		 * @return this builder
		 */
		public Builder lock(@Nullable SkillsLock lock, SkillsLock.Mode mode) {
			this.lock = lock;
			this.lockMode = Objects.requireNonNull(mode, "mode");
			return this;
		}

		/**
		 * Build the configuration.
		 * @return the configuration
		 * @throws InvalidSkillSettingException when a value cannot work
		 */
		public SkillConfig build() {
			return new SkillConfig(this.skillsDir, this.hotReload, this.maxResourceBytes, this.watchDebounce,
					this.pollInterval, this.maxBodyBytes, this.discoveryMaxDepth, this.discoveryMaxDirectories,
					this.mode, this.preloadFrom, this.lock, this.lockMode);
		}

	}

}
