package dev.skills.core.internal.prompt;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import dev.skills.core.Skill;
import dev.skills.core.SkillMeta;
import org.jspecify.annotations.Nullable;

/**
 * Renders the texts the model sees, exactly as {@code SKILL-FORMAT.md} section 5 gives
 * them.
 */
public final class SkillPrompts {

	/** Catalog order: {@code metadata.priority} descending, then name. */
	public static final Comparator<SkillMeta> CATALOG_ORDER = Comparator.comparingInt(SkillMeta::priority)
		.reversed()
		.thenComparing(SkillMeta::name);

	/** The sentence placed before the catalog in the system message. */
	public static final String CATALOG_INSTRUCTION = "The skills below hold instructions for specific tasks. When a task "
			+ "matches a skill's description, call activate_skill with the skill's name to load its instructions "
			+ "before you start.";

	private static final int MAX_NAMED_SKILLS = 50;

	/** The most characters of a description that a shortened catalog entry keeps. */
	public static final int SHORT_DESCRIPTION = 120;

	private static final int MAX_LISTED_RESOURCES = 50;

	/** The most characters of file names listed in a {@code <skill_resources>} block. */
	public static final int MAX_RESOURCES_CHARS = 8_000;

	private static final String CONTENT_START = "<skill_content name=\"";

	private SkillPrompts() {
	}

	// "LEAD: a, b, c." with at most MAX_NAMED_SKILLS names, for error messages.
	public static String nameList(String lead, List<String> names) {
		if (names.isEmpty()) {
			return "There are no skills.";
		}
		return lead + ": " + String.join(", ", names.subList(0, Math.min(names.size(), MAX_NAMED_SKILLS)))
				+ ((names.size() > MAX_NAMED_SKILLS) ? ", ..." : "") + ".";
	}

	// The catalog with its instruction, as appended to the system message.
	public static String catalogSection(String catalog) {
		return CATALOG_INSTRUCTION + "\n\n" + catalog;
	}

	// The block activate_skill returns and re-injection sends again.
	public static String skillContent(Skill skill) {
		String name = ModelText.escape(skill.name());
		StringBuilder out = new StringBuilder(CONTENT_START).append(name).append("\">\n").append(skill.instructions());
		String compatibility = skill.meta().compatibility();
		boolean hasCompatibility = compatibility != null && !compatibility.isBlank();
		boolean hasFiles = !skill.files().isEmpty();
		if (hasCompatibility || hasFiles) {
			out.append("\n");
		}
		if (hasCompatibility) {
			out.append("\nCompatibility: ").append(compatibility);
		}
		if (hasFiles) {
			out.append("\nRelative paths in this skill are relative to the skill directory. Read a bundled file with "
					+ "read_skill_resource(skill_name=\"")
				.append(name)
				.append("\", path=\"<relative path>\").\n\n<skill_resources>\n");
			// Bounded in characters too: long file names must not grow the block.
			int listed = 0;
			int listedChars = 0;
			for (String file : skill.files()) {
				String line = "  <file>" + ModelText.escape(file) + "</file>\n";
				if (listed == MAX_LISTED_RESOURCES || listedChars + line.length() > MAX_RESOURCES_CHARS) {
					break;
				}
				out.append(line);
				listed++;
				listedChars += line.length();
			}
			if (skill.files().size() > listed) {
				out.append("  ... and ").append(skill.files().size() - listed).append(" more\n");
			}
			out.append("</skill_resources>");
		}
		return out.append("\n</skill_content>").toString();
	}

	// The skill whose content block the text starts with, else null: a tag elsewhere (a
	// quote, another skill's instructions) does not count.
	public static @Nullable String contentOwner(@Nullable String text) {
		if (text == null || !text.startsWith(CONTENT_START)) {
			return null;
		}
		int end = text.indexOf("\">", CONTENT_START.length());
		return (end < 0) ? null : ModelText.unescape(text.substring(CONTENT_START.length(), end));
	}

	// The instructions of skills attached to a call in code, one section per skill.
	public static String instructions(List<Skill> skills) {
		StringBuilder out = new StringBuilder();
		for (Skill skill : skills) {
			if (skill.instructions().isBlank()) {
				continue;
			}
			if (out.length() > 0) {
				out.append("\n\n");
			}
			out.append("### Skill: ").append(skill.name()).append(skill.meta().builtin() ? " [system]" : "");
			if (!skill.meta().description().isEmpty()) {
				out.append(" — ").append(skill.meta().description());
			}
			out.append("\n\n").append(skill.instructions());
		}
		return out.toString();
	}

	// The <available_skills> block, one line per skill in catalog order.
	public static String catalog(Collection<SkillMeta> skills) {
		StringBuilder out = new StringBuilder("<available_skills>\n");
		skills.stream().sorted(CATALOG_ORDER).forEach((skill) -> out.append(catalogEntry(skill, false)).append('\n'));
		return out.append("</available_skills>").toString();
	}

	// One catalog line (search_skills' answer too); shortened, without when_to_use.
	public static String catalogEntry(SkillMeta skill, boolean shortened) {
		String description = shortened ? shorten(skill.description()) : skill.description();
		StringBuilder out = new StringBuilder(64 + description.length()).append("<skill><name>")
			.append(ModelText.escape(skill.name()))
			.append("</name><description>")
			.append(ModelText.escape(description))
			.append("</description>");
		if (!shortened && skill.whenToUse() != null && !skill.whenToUse().isBlank()) {
			out.append("<when_to_use>").append(ModelText.escape(skill.whenToUse())).append("</when_to_use>");
		}
		return out.append("</skill>").toString();
	}

	// A catalog of some skills: the entries as given, then how many are not listed.
	public static String partialCatalog(List<String> entries, int notListed) {
		StringBuilder out = new StringBuilder("<available_skills>\n");
		entries.forEach((entry) -> out.append(entry).append('\n'));
		return out.append("</available_skills>\n").append(notListed(notListed)).toString();
	}

	// The sentence that ends a partial catalog.
	public static String notListed(int count) {
		return count + " more " + ((count == 1) ? "skill is" : "skills are")
				+ " not listed here; call search_skills with a few keywords of the task to find them.";
	}

	// activate_skill's answer to an unknown name when the catalog lists only some skills.
	public static String unknownSkill(String name, List<String> closest) {
		return "Unknown skill '" + ModelText.echo(name) + "'. "
				+ (closest.isEmpty() ? "No skill has a similar name." : nameList("Closest names", closest))
				+ " Call search_skills to find a skill by what it does.";
	}

	private static String shorten(String description) {
		String text = description.strip();
		if (text.length() <= SHORT_DESCRIPTION) {
			return text;
		}
		int end = text.lastIndexOf(' ', SHORT_DESCRIPTION);
		if (end < SHORT_DESCRIPTION / 2) {
			end = Character.isHighSurrogate(text.charAt(SHORT_DESCRIPTION - 1)) ? SHORT_DESCRIPTION - 1
					: SHORT_DESCRIPTION;
		}
		return text.substring(0, end).stripTrailing() + "…";
	}

}
