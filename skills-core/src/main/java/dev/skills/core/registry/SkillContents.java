package dev.skills.core.registry;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

import dev.skills.core.Skill;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.parse.FrontmatterException;
import dev.skills.core.parse.FrontmatterParser;
import dev.skills.core.prompt.SkillPrompts;
import dev.skills.core.resource.SkillSource;
import dev.skills.core.resource.SkillSource.Fingerprint;

/**
 * Reads what a snapshot's skills hold beyond their frontmatter: instructions, through a cache
 * bounded by size, and bundled files, through each skill's guarded source.
 */
final class SkillContents {

	// Characters of instructions kept in memory (about 16 MB); the least recently used are read
	// again when needed.
	private static final long BODY_CACHE_CHARS = 8L * 1024 * 1024;

	private final BodyCache bodies = new BodyCache(BODY_CACHE_CHARS);

	/**
	 * The skill of a name, as a snapshot knows it.
	 * @param snapshot the snapshot
	 * @param name the skill name
	 * @return its entry
	 * @throws SkillResourceException when the snapshot has no such skill
	 */
	static SkillEntry entry(SkillsSnapshot snapshot, String name) {
		SkillEntry entry = snapshot.entry(name);
		if (entry == null || entry.meta() == null) {
			throw new SkillResourceException(Reason.UNKNOWN_SKILL,
					"Unknown skill '" + name + "'. " + SkillPrompts.nameList("Available skills", snapshot.names()));
		}
		return entry;
	}

	/**
	 * Load a skill of a snapshot with its instructions and files.
	 * @param snapshot the snapshot
	 * @param name the skill name
	 * @return the skill
	 * @throws SkillResourceException when there is no such skill or its instructions cannot be read
	 */
	Skill load(SkillsSnapshot snapshot, String name) {
		SkillEntry entry = entry(snapshot, name);
		return new Skill(entry.meta(), body(name, entry.source()), entry.files());
	}

	// The instructions as the file holds them now; while it cannot be read or split (a half-saved
	// edit, a file removed under the caller's snapshot), the last body read is the best answer.
	private String body(String name, SkillSource source) {
		Fingerprint fingerprint = source.fingerprint();
		BodyCache.Body cached = this.bodies.get(source.location());
		if (cached != null && cached.fingerprint().equals(fingerprint)) {
			return cached.text();
		}
		try (Reader reader = source.openSkillFile()) {
			String text = FrontmatterParser.readBody(reader);
			this.bodies.put(source.location(), new BodyCache.Body(fingerprint, text));
			return text;
		}
		catch (IOException | UncheckedIOException | FrontmatterException ex) {
			if (cached != null) {
				return cached.text();
			}
			throw new SkillResourceException(Reason.UNREADABLE, "Skill '" + name
					+ "' cannot be read right now: its SKILL.md is missing or has no closing --- line.");
		}
	}

}
