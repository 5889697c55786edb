package dev.skills.core;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * A skill with its instructions, loaded from a folder or made with {@link #builder}.
 *
 * @param meta what the frontmatter says
 * @param instructions the Markdown body of {@code SKILL.md}, trimmed, kept as written
 * @param files the bundled files, relative to the skill folder with {@code /} separators,
 * sorted; {@code SKILL.md} itself, hidden files and tool caches are not listed
 */
public record Skill(SkillMeta meta, String instructions, List<String> files) {

	public Skill {
		files = List.copyOf(files);
	}

	/**
	 * The instructions, under their former name.
	 * @return {@link #instructions()}
	 * @deprecated since 0.1.0 for removal in 0.2.0: use {@link #instructions()}
	 */
	@Deprecated(since = "0.1.0", forRemoval = true)
	public String body() {
		return this.instructions;
	}

	/**
	 * Make a skill in code, with no folder and no bundled files.
	 * @param name the name; it must not be blank
	 * @param description what the skill does and when to use it
	 * @param instructions the instructions
	 * @return the skill
	 * @throws IllegalArgumentException for a blank name
	 */
	public static Skill of(String name, String description, String instructions) {
		return builder(name, description).instructions(instructions).build();
	}

	/**
	 * Start a skill made in code, for the fields beyond those {@link #of} takes.
	 * @param name the name; it must not be blank
	 * @param description what the skill does and when to use it
	 * @return a builder
	 * @throws IllegalArgumentException for a blank name
	 */
	public static Builder builder(String name, String description) {
		return new Builder(name, description);
	}

	/**
	 * Shortcut for {@code meta().name()}.
	 * @return the skill name
	 */
	public String name() {
		return this.meta.name();
	}

	/**
	 * Shortcut for {@code meta().description()}.
	 * @return the description, empty when the skill has none
	 */
	public String description() {
		return this.meta.description();
	}

	/**
	 * The skill folder on the file system.
	 * @return the folder; empty for a skill made in code or read from a jar
	 */
	public Optional<Path> path() {
		String folder = this.meta.baseDirectory();
		// A URL (jar:file:...) names no folder; a drive letter (C:) is no scheme.
		int colon = folder.indexOf(':');
		if (folder.isEmpty() || (colon > 1 && folder.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*"))) {
			return Optional.empty();
		}
		try {
			return Optional.of(Path.of(folder));
		}
		catch (InvalidPathException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Builds a skill in code; by default no tool restriction applies.
	 */
	public static final class Builder {

		private final String name;

		private final String description;

		private String instructions = "";

		private @Nullable String whenToUse;

		private @Nullable List<String> allowedTools;

		private List<String> disallowedTools = List.of();

		private boolean builtin;

		private Builder(String name, String description) {
			if (name.isBlank()) {
				throw new IllegalArgumentException("A skill needs a name");
			}
			this.name = name.strip();
			this.description = description;
		}

		/**
		 * Set the instructions.
		 * @param instructions the Markdown instructions
		 * @return this builder
		 */
		public Builder instructions(String instructions) {
			this.instructions = instructions;
			return this;
		}

		/**
		 * Set the {@code when_to_use} routing hint.
		 * @param whenToUse the hint
		 * @return this builder
		 */
		public Builder whenToUse(@Nullable String whenToUse) {
			this.whenToUse = whenToUse;
			return this;
		}

		/**
		 * Restrict the tools to these while the skill is active: no arguments allow no
		 * tool at all.
		 * @param allowedTools tool names or patterns such as {@code Bash(git:*)}
		 * @return this builder
		 */
		public Builder allowedTools(String... allowedTools) {
			return allowedTools(List.of(allowedTools));
		}

		/**
		 * Restrict the tools to these while the skill is active: an empty list allows no
		 * tool at all, {@code null} means no restriction.
		 * @param allowedTools tool names or patterns, or {@code null}
		 * @return this builder
		 */
		public Builder allowedTools(@Nullable List<String> allowedTools) {
			this.allowedTools = (allowedTools != null) ? List.copyOf(allowedTools) : null;
			return this;
		}

		/**
		 * Forbid these tools while the skill is active.
		 * @param disallowedTools tool names or patterns
		 * @return this builder
		 */
		public Builder disallowedTools(String... disallowedTools) {
			this.disallowedTools = List.of(disallowedTools);
			return this;
		}

		/**
		 * Mark the skill as shipped with a library ({@code [system]} in instructions).
		 * @param builtin whether it is built in
		 * @return this builder
		 */
		public Builder builtin(boolean builtin) {
			this.builtin = builtin;
			return this;
		}

		/**
		 * Build the skill.
		 * @return the skill, with no folder and no bundled files
		 */
		public Skill build() {
			SkillMeta meta = new SkillMeta(this.name, this.description, null, null, Map.of(), this.allowedTools,
					this.disallowedTools, this.whenToUse, List.of(), List.of(), 0, "", "", Map.of(), this.builtin);
			return new Skill(meta, this.instructions.strip(), List.of());
		}

	}

}
