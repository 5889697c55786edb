package dev.skills.core.registry;

import java.io.IOException;
import java.io.UncheckedIOException;

import dev.skills.core.Skill;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.internal.parse.FrontmatterException;
import dev.skills.core.internal.parse.SkillBody;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.internal.resource.SkillSource;
import dev.skills.core.internal.resource.SkillSource.Fingerprint;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Reads what a snapshot's skills hold beyond their frontmatter: instructions, through a
 * cache bounded by size, and bundled files, through each skill's guarded source.
 */
final class SkillContents {

	// Characters of instructions kept in memory (about 16 MB); the least recently used
	// are read
	// again when needed.
	private static final long BODY_CACHE_CHARS = 8L * 1024 * 1024;

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	private final BodyCache bodies = new BodyCache(BODY_CACHE_CHARS);

	private final int maxBodyBytes;

	SkillContents(int maxBodyBytes) {
		this.maxBodyBytes = maxBodyBytes;
	}

	/**
	 * The skill of a name, as a snapshot knows it.
	 * @param snapshot the snapshot
	 * @param name the skill name
	 * @return its entry
	 * @throws SkillResourceException when the snapshot has no such skill
	 */
	static SkillEntry entry(SkillsSnapshot snapshot, @Nullable String name) {
		SkillEntry entry = (name != null) ? snapshot.entry(name) : null;
		if (entry == null || entry.meta() == null) {
			throw new SkillResourceException(Reason.UNKNOWN_SKILL,
					"Unknown skill '" + SkillPrompts.echo(String.valueOf(name)) + "'. "
							+ SkillPrompts.nameList("Available skills", snapshot.names()));
		}
		return entry;
	}

	/**
	 * Load a skill of a snapshot with its instructions and files.
	 * @param snapshot the snapshot
	 * @param name the skill name
	 * @return the skill
	 * @throws SkillResourceException when there is no such skill or its instructions
	 * cannot be read
	 */
	Skill load(SkillsSnapshot snapshot, String name) {
		SkillEntry entry = entry(snapshot, name);
		return new Skill(entry.meta(), body(name, entry.source()), entry.files());
	}

	// The instructions as the file holds them now; while it cannot be read or split (a
	// half-saved
	// edit, a file removed under the caller's snapshot), the last body read is the best
	// answer.
	private String body(String name, SkillSource source) {
		Fingerprint fingerprint = source.fingerprint();
		BodyCache.Body cached = this.bodies.get(source.location());
		if (cached != null && cached.fingerprint().equals(fingerprint)) {
			return cached.text();
		}
		try (SkillSource.OpenSkillFile file = source.openSkill()) {
			SkillBody body = SkillBody.read(file.stream(), this.maxBodyBytes);
			body.warnings()
				.forEach((warning) -> logger.warn(SkillDiagnostic.warning(source.location(), name, warning)));
			this.bodies.put(source.location(), new BodyCache.Body(fingerprint, body.text()));
			return body.text();
		}
		catch (IOException | UncheckedIOException | FrontmatterException ex) {
			if (cached != null) {
				return cached.text();
			}
			// The model sees this: name the problem, never a server path.
			String why = (ex instanceof FrontmatterException) ? ex.getMessage() : "its SKILL.md cannot be opened";
			throw new SkillResourceException(Reason.UNREADABLE,
					"Skill '" + SkillPrompts.echo(name) + "' cannot be read right now: " + why);
		}
	}

}
