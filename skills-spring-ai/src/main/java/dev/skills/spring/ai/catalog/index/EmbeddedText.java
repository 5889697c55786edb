package dev.skills.spring.ai.catalog.index;

import dev.skills.core.SkillMeta;

/**
 * What of a skill the embedding index embeds: its name (as words), description,
 * {@code when_to_use}, triggers and tags.
 */
final class EmbeddedText {

	// The most of a skill's text that is embedded: longer texts gain little and cost
	// more. Bounded and never empty (it starts with the name), a text stays far below
	// any model's input limit, so one skill cannot make its whole batch fail: a failed
	// batch is the model's, retried whole.
	static final int MAX_CHARS = 2000;

	private EmbeddedText() {
	}

	static String of(SkillMeta meta) {
		StringBuilder text = new StringBuilder(meta.name().replace('-', ' ').replace('_', ' '));
		text.append(": ").append(meta.description());
		if (meta.whenToUse() != null) {
			text.append('\n').append(meta.whenToUse());
		}
		if (!meta.triggers().isEmpty()) {
			text.append('\n').append(String.join(", ", meta.triggers()));
		}
		if (!meta.tags().isEmpty()) {
			text.append('\n').append(String.join(", ", meta.tags()));
		}
		return (text.length() > MAX_CHARS) ? text.substring(0, MAX_CHARS) : text.toString();
	}

}
