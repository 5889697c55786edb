package dev.skills.core.prompt;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import dev.skills.core.SkillMeta;

/**
 * Renders the texts the model sees, exactly as {@code SKILL-FORMAT.md} section 5 gives them.
 */
public final class SkillPrompts {

	/** Catalog order: {@code metadata.priority} descending, then name. */
	public static final Comparator<SkillMeta> CATALOG_ORDER = Comparator.comparingInt(SkillMeta::priority)
		.reversed()
		.thenComparing(SkillMeta::name);

	private SkillPrompts() {
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
