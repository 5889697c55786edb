package dev.skills.core.internal.parse;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The parsed parts of a {@code SKILL.md}.
 *
 * @param fields the frontmatter mapping in file order: text, lists and maps of the same
 * (scalars are never typed: {@code 1.10} stays text)
 * @param body the Markdown after the frontmatter, trimmed; empty when not read
 * @param repairedKeys the keys whose values the lenient reader had to quote to make the
 * YAML valid; empty for a file that is valid as written
 * @param unread why the frontmatter was read as no fields ({@link ReadPolicy#ATTACHED}
 * only: there is none, or it is not a mapping); {@code null} when it was read
 */
public record Frontmatter(Map<String, Object> fields, String body, List<String> repairedKeys, @Nullable String unread) {

	public Frontmatter {
		fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
		repairedKeys = List.copyOf(repairedKeys);
	}

}
