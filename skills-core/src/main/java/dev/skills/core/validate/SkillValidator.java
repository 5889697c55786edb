package dev.skills.core.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.files.SkillFiles;
import dev.skills.core.internal.files.SkillFolders;
import dev.skills.core.internal.parse.Frontmatter;
import dev.skills.core.internal.parse.FrontmatterException;
import dev.skills.core.internal.parse.FrontmatterParser;
import dev.skills.core.internal.parse.ReadPolicy;
import dev.skills.core.internal.parse.SpecRules;
import dev.skills.core.load.SkillLoader;
import org.jspecify.annotations.Nullable;

/**
 * Validates a skill folder strictly against the Agent Skills specification. Unlike the
 * loader it never repairs: it reports what the file says. Errors are violations of the
 * specification; warnings are recommendations not followed.
 */
public final class SkillValidator {

	/** A body longer than this many lines draws a warning. */
	public static final int MAX_BODY_LINES = 500;

	/** A body estimated above this many tokens (characters / 4) draws a warning. */
	public static final int MAX_BODY_TOKENS = 5_000;

	// Bounded parts, within a line: an unbounded "[^\\]]*" retried from every '[' of a
	// long line of brackets takes quadratic time.
	private static final Pattern MARKDOWN_LINK = Pattern
		.compile("\\[[^\\]\\n]{0,1000}\\]\\(\\s*<?([^)\\s>]{1,2000})>?[^)\\n]{0,1000}\\)");

	private static final Pattern BUNDLED_PATH = Pattern
		.compile("(?<![\\w/.{}$-])((?:references|scripts|assets)/[\\w.\\-/]*[\\w-])");

	private static final Pattern URL_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

	private SkillValidator() {
	}

	/**
	 * Validate a skill folder.
	 * @param skillDirectory the skill folder
	 * @param allowExtensions whether the known extension fields ({@code when_to_use},
	 * {@code disallowed-tools}) are warnings rather than errors
	 * @return every error and warning, errors in the order of the specification's
	 * sections
	 */
	public static List<SkillDiagnostic> validate(Path skillDirectory, boolean allowExtensions) {
		String folder = skillDirectory.toString();
		if (!Files.exists(skillDirectory)) {
			return List.of(SkillDiagnostic.error(folder, null, "Path does not exist: " + skillDirectory));
		}
		if (!Files.isDirectory(skillDirectory)) {
			return List.of(SkillDiagnostic.error(folder, null, "Not a directory: " + skillDirectory));
		}
		Path skillFile = SkillLoader.findSkillFile(skillDirectory);
		if (skillFile == null) {
			SkillDiagnostic missing = SkillDiagnostic.error(folder, null, "Missing required file: SKILL.md");
			SkillDiagnostic hidden = SkillFolders.hiddenSkillsWarning(skillDirectory);
			return (hidden != null) ? List.of(missing, hidden) : List.of(missing);
		}
		String content;
		try {
			content = Files.readString(skillFile, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return List.of(SkillDiagnostic.error(skillFile.toString(), null, "Cannot read SKILL.md: " + ex));
		}
		Frontmatter frontmatter;
		try {
			frontmatter = FrontmatterParser.parse(content, ReadPolicy.STRICT);
		}
		catch (FrontmatterException ex) {
			return List.of(SkillDiagnostic.error(skillFile.toString(), null, ex.getMessage() + quotingHint(content)));
		}
		Checks checks = new Checks(skillFile, frontmatter.fields());
		checks.fields(allowExtensions);
		checks.name(String.valueOf(skillDirectory.toAbsolutePath().normalize().getFileName()));
		checks.description();
		checks.compatibility();
		checks.metadata();
		checks.allowedTools();
		if (skillFile.getFileName().toString().equals(SkillFiles.LOWERCASE_SKILL_FILE)) {
			checks.warn(SkillFiles.LOWERCASE_WARNING);
		}
		checks.body(frontmatter.body(), skillDirectory);
		return checks.result();
	}

	// The runtime reads such a file by quoting the values that break the YAML; say which,
	// so that the author can fix the file the same way.
	private static String quotingHint(String content) {
		try {
			List<String> keys = FrontmatterParser.parse(content, ReadPolicy.CATALOG).repairedKeys();
			return keys.isEmpty() ? "" : ". Quote the value of " + String.join(", ", keys)
					+ " (for example description: \"Use when: ...\"); runtimes read it only after quoting it";
		}
		catch (FrontmatterException ex) {
			return "";
		}
	}

	/**
	 * The checks of one file, collecting errors before warnings.
	 */
	private static final class Checks {

		private final String file;

		private final Map<String, Object> fields;

		private final List<SkillDiagnostic> errors = new ArrayList<>();

		private final List<SkillDiagnostic> warnings = new ArrayList<>();

		private @Nullable String name;

		Checks(Path skillFile, Map<String, Object> fields) {
			this.file = skillFile.toString();
			this.fields = fields;
			Object name = fields.get("name");
			this.name = (name instanceof String text && !text.isBlank()) ? text.strip() : null;
		}

		void fields(boolean allowExtensions) {
			Set<String> unexpected = new TreeSet<>(this.fields.keySet());
			unexpected.removeAll(SpecRules.SPEC_FIELDS);
			if (allowExtensions) {
				for (String extension : new TreeSet<>(SpecRules.EXTENSION_FIELDS)) {
					if (unexpected.remove(extension)) {
						warn("Field '" + extension + "' is an extension outside the specification");
					}
				}
			}
			if (!unexpected.isEmpty()) {
				error("Unexpected fields in frontmatter: " + String.join(", ", unexpected) + ". Only "
						+ new TreeSet<>(SpecRules.SPEC_FIELDS) + " are allowed.");
			}
		}

		void name(String directoryName) {
			if (!this.fields.containsKey("name")) {
				error("Missing required field in frontmatter: name");
			}
			else if (this.name == null) {
				error("Field 'name' must be a non-empty string");
			}
			else {
				SpecRules.nameProblems(this.name, directoryName).forEach(this::error);
			}
		}

		void description() {
			Object description = this.fields.get("description");
			if (description == null) {
				error("Missing required field in frontmatter: description");
			}
			else if (!(description instanceof String text) || text.isBlank()) {
				error("Field 'description' must be a non-empty string");
			}
			else {
				SpecRules.descriptionProblems(text).forEach(this::error);
			}
		}

		void compatibility() {
			if (this.fields.containsKey("compatibility")) {
				SpecRules.compatibilityProblems(this.fields.get("compatibility")).forEach(this::error);
			}
		}

		void metadata() {
			Object metadata = this.fields.get("metadata");
			if (metadata == null) {
				return;
			}
			if (!(metadata instanceof Map<?, ?> map)) {
				error("Field 'metadata' must be a mapping of string keys to string values");
				return;
			}
			map.forEach((key, value) -> {
				if (!(value instanceof String)) {
					error("Field 'metadata." + key + "' must be a string");
				}
			});
		}

		void allowedTools() {
			Object tools = this.fields.get("allowed-tools");
			if (tools != null && !(tools instanceof String)) {
				warn("Field 'allowed-tools' should be a space-separated string");
			}
		}

		void body(String body, Path skillDirectory) {
			long lines = body.isEmpty() ? 0 : body.lines().count();
			if (lines > MAX_BODY_LINES) {
				warn("SKILL.md body has " + lines + " lines; keep it under " + MAX_BODY_LINES
						+ " and move details to references/");
			}
			long tokens = body.length() / 4;
			if (tokens > MAX_BODY_TOKENS) {
				warn("SKILL.md body is about " + tokens + " tokens; keep it under " + MAX_BODY_TOKENS);
			}
			for (String reference : relativeReferences(body)) {
				if (!exists(skillDirectory, reference)) {
					warn("Referenced file does not exist: " + reference);
				}
			}
		}

		// A reference this platform cannot spell as a path (a NUL, say) names no file.
		private static boolean exists(Path skillDirectory, String reference) {
			try {
				return Files.exists(skillDirectory.resolve(reference).normalize());
			}
			catch (InvalidPathException ex) {
				return false;
			}
		}

		private static Set<String> relativeReferences(String body) {
			Set<String> references = new LinkedHashSet<>();
			Matcher link = MARKDOWN_LINK.matcher(body);
			while (link.find()) {
				String target = link.group(1);
				int anchor = target.indexOf('#');
				target = (anchor >= 0) ? target.substring(0, anchor) : target;
				if (!target.isEmpty() && !target.startsWith("/") && !URL_SCHEME.matcher(target).find()
						&& !target.contains("{") && !target.contains("$")) {
					references.add(target);
				}
			}
			Matcher path = BUNDLED_PATH.matcher(body);
			while (path.find()) {
				references.add(path.group(1));
			}
			return references;
		}

		void warn(String message) {
			this.warnings.add(SkillDiagnostic.warning(this.file, this.name, message));
		}

		private void error(String message) {
			this.errors.add(SkillDiagnostic.error(this.file, this.name, message));
		}

		List<SkillDiagnostic> result() {
			List<SkillDiagnostic> all = new ArrayList<>(this.errors);
			all.addAll(this.warnings);
			return List.copyOf(all);
		}

	}

}
