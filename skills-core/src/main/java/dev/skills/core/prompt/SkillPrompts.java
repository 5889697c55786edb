package dev.skills.core.prompt;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import dev.skills.core.Skill;
import dev.skills.core.SkillMeta;
import org.jspecify.annotations.Nullable;

/**
 * Renders the texts the model sees, exactly as {@code SKILL-FORMAT.md} section 5 gives them.
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

	/** The most bundled files listed in a {@code <skill_resources>} block. */
	public static final int MAX_LISTED_RESOURCES = 50;

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
	 * The catalog with the instruction that precedes it, as appended to the system message.
	 * @param catalog the {@code <available_skills>} block
	 * @return the text to append
	 */
	public static String catalogSection(String catalog) {
		return CATALOG_INSTRUCTION + "\n\n" + catalog;
	}

	/**
	 * The {@code <skill_content>} block that {@code activate_skill} returns and that re-injection
	 * sends again: the instructions, the compatibility note, how to read bundled files, and the
	 * list of those files.
	 * @param skill the skill
	 * @return the block
	 */
	public static String skillContent(Skill skill) {
		String name = escape(skill.name());
		StringBuilder out = new StringBuilder(CONTENT_START).append(name).append("\">\n").append(skill.body());
		String compatibility = skill.meta().compatibility();
		boolean hasFiles = !skill.files().isEmpty();
		if ((compatibility != null && !compatibility.isBlank()) || hasFiles) {
			out.append("\n");
		}
		if (compatibility != null && !compatibility.isBlank()) {
			out.append("\nCompatibility: ").append(compatibility);
		}
		if (hasFiles) {
			out.append("\nRelative paths in this skill are relative to the skill directory. Read a bundled file with "
					+ "read_skill_resource(skill_name=\"")
				.append(name)
				.append("\", path=\"<relative path>\").\n\n<skill_resources>\n");
			skill.files()
				.stream()
				.limit(MAX_LISTED_RESOURCES)
				.forEach((file) -> out.append("  <file>").append(escape(file)).append("</file>\n"));
			if (skill.files().size() > MAX_LISTED_RESOURCES) {
				out.append("  ... and ").append(skill.files().size() - MAX_LISTED_RESOURCES).append(" more\n");
			}
			out.append("</skill_resources>");
		}
		return out.append("\n</skill_content>").toString();
	}

	/**
	 * The skill whose {@code <skill_content>} block a text is: the name in the opening tag when
	 * the text starts with one. A tag anywhere else in the text (quoted by a user, or inside
	 * another skill's instructions) does not count.
	 * @param text a tool result or message text
	 * @return the skill name, or {@code null} when the text is no skill content block
	 */
	public static @Nullable String contentOwner(@Nullable String text) {
		if (text == null || !text.startsWith(CONTENT_START)) {
			return null;
		}
		int end = text.indexOf("\">", CONTENT_START.length());
		return (end < 0) ? null : unescape(text.substring(CONTENT_START.length(), end));
	}

	/**
	 * The instructions block for skills attached to a call in code: one section per skill,
	 * {@code ### Skill: NAME — DESCRIPTION} then the body; a skill shipped with this library is
	 * marked {@code [system]}.
	 * @param skills the skills
	 * @return the block; empty for no skills
	 */
	public static String instructions(List<Skill> skills) {
		StringBuilder out = new StringBuilder();
		for (Skill skill : skills) {
			if (out.length() > 0) {
				out.append("\n\n");
			}
			out.append("### Skill: ")
				.append(skill.name())
				.append(skill.meta().builtin() ? " [system]" : "")
				.append(" — ")
				.append(skill.meta().description().strip())
				.append("\n\n")
				.append(skill.body());
		}
		return out.toString();
	}

	/**
	 * The {@code <available_skills>} block, one {@code <skill>} line per skill in catalog order.
	 * A {@code when_to_use} hint follows the description in its own element.
	 * @param skills the skills
	 * @return the block; with no skills, an empty block
	 */
	public static String catalog(Collection<SkillMeta> skills) {
		List<SkillMeta> ordered = skills.stream().sorted(CATALOG_ORDER).toList();
		StringBuilder out = new StringBuilder("<available_skills>\n");
		for (SkillMeta skill : ordered) {
			out.append("<skill><name>")
				.append(escape(skill.name()))
				.append("</name><description>")
				.append(escape(skill.description()))
				.append("</description>");
			if (skill.whenToUse() != null && !skill.whenToUse().isBlank()) {
				out.append("<when_to_use>").append(escape(skill.whenToUse())).append("</when_to_use>");
			}
			out.append("</skill>\n");
		}
		return out.append("</available_skills>").toString();
	}

	private static String unescape(String text) {
		return text.replace("&quot;", "\"")
			.replace("&apos;", "'")
			.replace("&lt;", "<")
			.replace("&gt;", ">")
			.replace("&amp;", "&");
	}

	/**
	 * Escape text for XML content and attributes: {@code & < > " '}.
	 * @param text the text
	 * @return the escaped text
	 */
	public static String escape(String text) {
		StringBuilder out = new StringBuilder(text.length() + 16);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '&' -> out.append("&amp;");
				case '<' -> out.append("&lt;");
				case '>' -> out.append("&gt;");
				case '"' -> out.append("&quot;");
				case '\'' -> out.append("&apos;");
				default -> out.append(c);
			}
		}
		return out.toString();
	}

}
