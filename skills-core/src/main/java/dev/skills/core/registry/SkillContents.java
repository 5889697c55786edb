package dev.skills.core.registry;

import java.io.IOException;
import java.io.UncheckedIOException;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.internal.parse.FrontmatterException;
import dev.skills.core.internal.parse.FrontmatterParser;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.source.SkillSource;
import dev.skills.core.source.SkillSource.Fingerprint;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Reads the instructions of a registry's skills, through a cache bounded by size, for
 * every snapshot of the registry.
 */
final class SkillContents {

	// Characters of instructions kept in memory (about 16 MB); the least recently used
	// are read again when needed.
	private static final long BODY_CACHE_CHARS = 8L * 1024 * 1024;

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	private final BodyCache bodies = new BodyCache(BODY_CACHE_CHARS);

	private final int maxBodyBytes;

	private final int maxResourceBytes;

	SkillContents(int maxBodyBytes, int maxResourceBytes) {
		this.maxBodyBytes = maxBodyBytes;
		this.maxResourceBytes = maxResourceBytes;
	}

	int maxResourceBytes() {
		return this.maxResourceBytes;
	}

	// The instructions as the file holds them now; while it cannot be read or split (a
	// half-saved edit, a file removed under the caller's snapshot), the last body read is
	// the best answer.
	String body(SkillEntry entry) {
		SkillSource source = entry.source();
		String name = entry.meta().name();
		Fingerprint fingerprint = source.fingerprint();
		BodyCache.Body cached = this.bodies.get(source.location());
		if (cached != null && cached.fingerprint().equals(fingerprint)) {
			return cached.text();
		}
		try (SkillSource.OpenSkillFile file = source.openSkill()) {
			FrontmatterParser.Body body = FrontmatterParser.readBody(file.stream(), this.maxBodyBytes);
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
					"Skill '" + ModelText.echo(name) + "' cannot be read right now: " + why);
		}
	}

}
