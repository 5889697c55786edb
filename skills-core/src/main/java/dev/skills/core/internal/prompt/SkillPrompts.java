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

	/** The most skill names an error message lists. */
	public static final int MAX_NAMED_SKILLS = 50;

	/** The most characters of a description that a shortened catalog entry keeps. */
	public static final int SHORT_DESCRIPTION = 120;

	/** The most bundled files listed in a {@code <skill_resources>} block. */
	public static final int MAX_LISTED_RESOURCES = 50;

	/** The most characters of file names listed in a {@code <skill_resources>} block. */
	public static final int MAX_RESOURCES_CHARS = 8_000;

	private static final String CONTENT_START = "<skill_content name=\"";

	private SkillPrompts() {
	}

	/**
	 * A sentence naming the skills a model may choose from, for error messages: at most
	 * {@value #MAX_NAMED_SKILLS} names, sorted as given.
	 * @param lead the words before the names, for example {@code Available skills}
	 * @param names the names
	 * @return {@code LEAD: a, b, c.}, or {@code There are no skills.}
	 */
	public static String nameList(String lead, List<String> names) {
		if (names.isEmpty()) {
			return "There are no skills.";
		}
		return lead + ": " + String.join(", ", names.subList(0, Math.min(names.size(), MAX_NAMED_SKILLS)))
				+ ((names.size() > MAX_NAMED_SKILLS) ? ", ..." : "") + ".";
	}

	/**
	 * The catalog with the instruction that precedes it, as appended to the system
	 * message.
	 * @param catalog the {@code <available_skills>} block
	 * @return the text to append
	 */
	public static String catalogSection(String catalog) {
		return CATALOG_INSTRUCTION + "\n\n" + catalog;
	}

	/**
	 * The {@code <skill_content>} block that {@code activate_skill} returns and that
	 * re-injection sends again: the instructions, the compatibility note, how to read
	 * bundled files, and the list of those files.
	 * @param skill the skill
	 * @return the block
	 */
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
			// Bounded in count and in characters: long file names must not grow the
			// block.
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

	/**
	 * The skill whose {@code <skill_content>} block a text is: the name in the opening
	 * tag when the text starts with one. A tag anywhere else in the text (quoted by a
	 * user, or inside another skill's instructions) does not count.
	 * @param text a tool result or message text
	 * @return the skill name, or {@code null} when the text is no skill content block
	 */
	public static @Nullable String contentOwner(@Nullable String text) {
		if (text == null || !text.startsWith(CONTENT_START)) {
			return null;
		}
		int end = text.indexOf("\">", CONTENT_START.length());
		return (end < 0) ? null : ModelText.unescape(text.substring(CONTENT_START.length(), end));
	}

	/**
	 * The instructions block for skills attached to a call in code: one section per skill
	 * that has instructions, {@code ### Skill: NAME — DESCRIPTION} (just
	 * {@code ### Skill: NAME} when the description is empty; the description as written)
	 * then the body; a skill shipped with this library is marked {@code [system]}.
	 * @param skills the skills
	 * @return the block; empty for no skills
	 */
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

	/**
	 * The {@code <available_skills>} block, one {@code <skill>} line per skill in catalog
	 * order. A {@code when_to_use} hint follows the description in its own element.
	 * @param skills the skills
	 * @return the block; with no skills, an empty block
	 */
	public static String catalog(Collection<SkillMeta> skills) {
		StringBuilder out = new StringBuilder("<available_skills>\n");
		skills.stream().sorted(CATALOG_ORDER).forEach((skill) -> out.append(catalogEntry(skill, false)).append('\n'));
		return out.append("</available_skills>").toString();
	}

	/**
	 * One skill's line of the catalog, also the form {@code search_skills} answers in. A
	 * shortened entry cuts the description to {@value #SHORT_DESCRIPTION} characters
	 * (with an ellipsis) and leaves out {@code when_to_use}.
	 * @param skill the skill
	 * @param shortened whether to shorten it
	 * @return one {@code skill} element holding {@code name} and {@code description}
	 */
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

	/**
	 * A catalog that lists only some skills: the entries in the order given, then one
	 * sentence saying how many skills are not listed and that {@code search_skills} finds
	 * them.
	 * @param entries the {@link #catalogEntry catalog entries}
	 * @param notListed how many skills are left out
	 * @return the {@code <available_skills>} block and the sentence
	 */
	public static String partialCatalog(List<String> entries, int notListed) {
		StringBuilder out = new StringBuilder("<available_skills>\n");
		entries.forEach((entry) -> out.append(entry).append('\n'));
		return out.append("</available_skills>\n").append(notListed(notListed)).toString();
	}

	/**
	 * The sentence that ends a {@link #partialCatalog partial catalog}.
	 * @param count how many skills are left out
	 * @return the sentence
	 */
	public static String notListed(int count) {
		return count + " more " + ((count == 1) ? "skill is" : "skills are")
				+ " not listed here; call search_skills with a few keywords of the task to find them.";
	}

	/**
	 * The answer of {@code activate_skill} to a name no skill has, when the catalog lists
	 * only some skills.
	 * @param name the name the model gave
	 * @param closest the most similar skill names, best first
	 * @return the message
	 */
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
