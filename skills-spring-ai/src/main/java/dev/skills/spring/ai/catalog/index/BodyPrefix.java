package dev.skills.spring.ai.catalog.index;

import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsSnapshot;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The part of a skill's body the keyword index reads: its first characters, then the
 * headings after them, all bounded. Headings name what a skill covers; the opening says
 * what it is for.
 */
final class BodyPrefix {

	// Headings after the prefix may add this share of the prefix's length.
	private static final int HEADINGS_SHARE = 4;

	// Headings are looked for only this far into a body, so that a huge body costs no
	// more than a large one.
	private static final int MAX_SCANNED_CHARS = 64 * 1024;

	private static final Log logger = LogFactory.getLog(BodyPrefix.class);

	private BodyPrefix() {
	}

	/**
	 * The indexed text of one skill's body.
	 * @param snapshot the snapshot that holds the skill
	 * @param name the skill
	 * @param maxChars the most characters of the opening; 0 indexes no body
	 * @return the prefix, or {@code null} when bodies are not indexed or this one cannot
	 * be read (the skill is then found by its frontmatter alone)
	 */
	static @Nullable String read(SkillsSnapshot snapshot, String name, int maxChars) {
		if (maxChars <= 0) {
			return null;
		}
		try {
			return of(snapshot.load(name).instructions(), maxChars);
		}
		catch (SkillResourceException ex) {
			logger.debug("The body of skill '" + name + "' is not indexed: " + ex.getMessage());
			return null;
		}
	}

	/**
	 * The indexed text of a body.
	 * @param body the instructions
	 * @param maxChars the most characters of the opening
	 * @return at most {@code maxChars + maxChars / 4} characters
	 */
	static String of(String body, int maxChars) {
		if (body.length() <= maxChars) {
			return body;
		}
		int cut = body.lastIndexOf(' ', maxChars);
		StringBuilder text = new StringBuilder(body.substring(0, (cut > maxChars / 2) ? cut : maxChars));
		int budget = maxChars / HEADINGS_SHARE;
		int end = Math.min(body.length(), MAX_SCANNED_CHARS);
		int line = body.indexOf('\n', text.length());
		while (line >= 0 && line + 1 < end && budget > 0) {
			int next = body.indexOf('\n', line + 1);
			int lineEnd = (next >= 0) ? Math.min(next, end) : end;
			if (body.charAt(line + 1) == '#') {
				String heading = body.substring(line + 1, Math.min(lineEnd, line + 1 + budget));
				text.append('\n').append(heading);
				budget -= heading.length();
			}
			line = next;
		}
		return text.toString();
	}

}
