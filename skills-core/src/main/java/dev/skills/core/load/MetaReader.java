package dev.skills.core.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.internal.parse.Frontmatter;
import dev.skills.core.internal.parse.ReadPolicy;
import dev.skills.core.internal.parse.SpecRules;
import dev.skills.core.internal.prompt.ModelText;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Turns the frontmatter mapping of one skill into a {@link SkillMeta}, collecting
 * diagnostics: a field that breaks the specification is read if its intent is clear, with
 * a warning.
 */
final class MetaReader {

	// metadata.priority is clamped to -MAX_PRIORITY..MAX_PRIORITY.
	private static final int MAX_PRIORITY = 100;

	private final Frontmatter frontmatter;

	private final Map<String, Object> fields;

	private final String location;

	private final String directoryName;

	private final boolean attached;

	private final List<SkillDiagnostic> diagnostics = new ArrayList<>();

	private @Nullable String name;

	private MetaReader(Frontmatter frontmatter, String location, String directoryName, ReadPolicy policy) {
		this.frontmatter = frontmatter;
		this.fields = frontmatter.fields();
		this.location = location;
		this.directoryName = directoryName;
		this.attached = policy == ReadPolicy.ATTACHED;
	}

	static SkillReadResult read(Frontmatter frontmatter, String location, String baseDirectory, String directoryName,
			ReadPolicy policy) {
		MetaReader reader = new MetaReader(frontmatter, location, directoryName, policy);
		return new SkillReadResult(reader.read(baseDirectory), reader.diagnostics);
	}

	private @Nullable SkillMeta read(String baseDirectory) {
		List<String> repairedKeys = this.frontmatter.repairedKeys();
		if (!repairedKeys.isEmpty()) {
			warn("Frontmatter is not valid YAML as written; quoted the value of " + String.join(", ", repairedKeys)
					+ " to read it");
		}
		String unread = this.frontmatter.unread();
		if (unread != null) {
			// One warning instead of one each about the missing name and description.
			this.name = this.directoryName;
			warn(unread + "; using the directory name '" + this.directoryName + "' and an empty description");
		}
		this.name = readName(unread == null);
		if (this.name == null) {
			return null;
		}
		Object description = this.fields.get("description");
		if (this.attached && description != null && !(description instanceof String)) {
			description = PythonText.str(description);
			warn("Field 'description' is not a string; read as '" + ModelText.echo((String) description) + "'");
		}
		boolean blank = description == null || (description instanceof String written && written.isBlank());
		if (blank && this.attached) {
			if (unread == null) {
				warn(((description != null) ? "Field 'description' is empty"
						: "Missing required field in frontmatter: description") + "; using an empty description");
			}
			description = "";
		}
		else if (!(description instanceof String text) || text.isBlank()) {
			error((description != null) ? "Field 'description' must be a non-empty string"
					: "Missing required field in frontmatter: description");
			return null;
		}
		String text = (String) description;
		SpecRules.descriptionProblems(text).forEach(this::warn);
		Object compatibility = this.fields.get("compatibility");
		if (compatibility != null) {
			SpecRules.compatibilityProblems(compatibility).forEach(this::warn);
		}
		Map<String, String> metadata = readMetadata();
		Map<String, String> extras = readExtraFields();
		return new SkillMeta(this.name, text, text("license"), text("compatibility"), metadata,
				readTools("allowed-tools", "allowed_tools", true),
				Objects.requireNonNullElse(readTools("disallowed-tools", "disallowed_tools", false), List.of()),
				text("when_to_use"), ToolLists.triggers(metadata.get("triggers")), ToolLists.tags(metadata.get("tags")),
				readPriority(metadata.get("priority")), this.location, baseDirectory, extras, false);
	}

	private @Nullable String readName(boolean warnIfMissing) {
		Object raw = this.fields.get("name");
		if (raw == null || (raw instanceof String text && text.isBlank())) {
			if (warnIfMissing) {
				warn("Missing required field in frontmatter: name; using the directory name '" + this.directoryName
						+ "'");
			}
			return checkedName(this.directoryName);
		}
		String text = PythonText.str(raw);
		if (!(raw instanceof String)) {
			// As 10xGraph and teff read it: str(name).
			warn("Field 'name' is not a string; read as '" + ModelText.echo(text) + "'");
		}
		return checkedName(text.strip());
	}

	private @Nullable String checkedName(String candidate) {
		String unusable = SpecRules.unusableName(candidate, this.attached);
		if (unusable != null && !this.attached) {
			error(unusable);
			return null;
		}
		if (unusable != null) {
			// teff's load_skill takes any name; the caller chose this file.
			warn(unusable.replace("; the skill is skipped", "") + "; kept as written because this file was loaded "
					+ "directly");
		}
		if (this.attached && candidate.codePoints().anyMatch(Character::isWhitespace)) {
			warn("Skill name '" + ModelText.echo(candidate)
					+ "' contains whitespace; kept as written because this file was loaded directly");
		}
		// Names are compared after NFKC normalisation: the skill goes by its normalised
		// name, so that two spellings of one name shadow each other.
		String normalized = SpecRules.normalizeName(candidate);
		this.name = normalized;
		SpecRules.nameProblems(candidate, this.directoryName).forEach(this::warn);
		if (!normalized.equals(candidate)) {
			warn("Skill name '" + candidate + "' is read as '" + normalized + "' (NFKC normalisation)");
		}
		return normalized;
	}

	private Map<String, String> readMetadata() {
		Object raw = this.fields.get("metadata");
		Map<String, String> metadata = new LinkedHashMap<>();
		if (raw == null) {
			return metadata;
		}
		if (!(raw instanceof Map<?, ?> map)) {
			warn("Field 'metadata' must be a mapping; ignored");
			return metadata;
		}
		map.forEach((key, value) -> {
			// metadata.tags may be a list of tags (skill sets select by tag).
			if (!(value instanceof String) && !("tags".equals(key) && value instanceof List)) {
				warn("metadata." + key + " is not a string; kept as its YAML text");
			}
			metadata.put(String.valueOf(key), toYamlText(value));
		});
		return metadata;
	}

	private Map<String, String> readExtraFields() {
		Map<String, String> extras = new LinkedHashMap<>();
		this.fields.forEach((key, value) -> {
			if (!SpecRules.SPEC_FIELDS.contains(key) && !SpecRules.EXTENSION_FIELDS.contains(key)
					&& !SpecRules.UNDERSCORE_ALIASES.contains(key)) {
				extras.put(key, toYamlText(value));
			}
		});
		if (!extras.isEmpty()) {
			warn("Fields outside the specification kept as extra fields: "
					+ String.join(", ", new TreeSet<>(extras.keySet())));
		}
		return extras;
	}

	private @Nullable List<String> readTools(String field, String alias, boolean specField) {
		Object raw = this.fields.get(field);
		if (raw == null && this.fields.containsKey(alias)) {
			raw = this.fields.get(alias);
			warn("'" + alias + "' is not the specification's spelling; read as '" + field + "'");
		}
		if (raw == null) {
			return null;
		}
		ToolLists.Parsed parsed = ToolLists.parse(raw);
		if (parsed.tools() == null) {
			warn("Field '" + field + "' must be a string or a list; ignored");
		}
		else if (specField && parsed.nonStandard()) {
			warn("Field '" + field + "' should be a space-separated string; read as " + parsed.tools());
		}
		// In a file, 'allowed-tools: []' (or a blank value) means "not set", as teff's
		// load_skill reads it: no restriction, not "no tool at all". Only a skill made in
		// code can allow no tool.
		return (parsed.tools() != null && parsed.tools().isEmpty()) ? null : parsed.tools();
	}

	private int readPriority(@Nullable String priority) {
		if (priority == null || priority.isBlank()) {
			return 0;
		}
		int value;
		try {
			value = Integer.parseInt(priority.strip());
		}
		catch (NumberFormatException ex) {
			warn("metadata.priority '" + ModelText.echo(priority) + "' is not an integer; using 0");
			return 0;
		}
		// One skill must not outrank every other by any margin it likes.
		int clamped = Math.max(-MAX_PRIORITY, Math.min(MAX_PRIORITY, value));
		if (clamped != value) {
			warn("metadata.priority " + value + " is outside -" + MAX_PRIORITY + " to " + MAX_PRIORITY + "; using "
					+ clamped);
		}
		return clamped;
	}

	private @Nullable String text(String field) {
		Object value = this.fields.get(field);
		return (value != null) ? toYamlText(value) : null;
	}

	// A YAML value (a string, list or map) as one line of YAML flow text: [x, y], {a: b}.
	static String toYamlText(Object value) {
		if (value instanceof String text) {
			return text;
		}
		DumperOptions options = new DumperOptions();
		options.setDefaultFlowStyle(DumperOptions.FlowStyle.FLOW);
		options.setWidth(Integer.MAX_VALUE);
		return new Yaml(options).dump(value).strip();
	}

	private void warn(String message) {
		this.diagnostics.add(SkillDiagnostic.warning(this.location, this.name, message));
	}

	private void error(String message) {
		this.diagnostics.add(SkillDiagnostic.error(this.location, this.name, message));
	}

}
