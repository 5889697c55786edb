package dev.skills.core.registry;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.skills.core.source.SkillSource.Fingerprint;
import org.jspecify.annotations.Nullable;

/**
 * The instructions of recently loaded skills, by {@code SKILL.md} location, bounded by
 * the characters it holds: the least recently used bodies are dropped first and read
 * again when needed. An entry remembers the fingerprint of the file it came from, so a
 * stale body is never taken for a current one; it is still the best answer while a later
 * edit cannot be read.
 */
final class BodyCache {

	private final long maxChars;

	private final Map<String, Body> bodies = new LinkedHashMap<>(16, 0.75f, true);

	private long chars;

	/**
	 * Create a cache.
	 * @param maxChars the most characters of instructions to keep
	 */
	BodyCache(long maxChars) {
		this.maxChars = maxChars;
	}

	/**
	 * The body last read from a file.
	 * @param location the {@code SKILL.md} location
	 * @return the body with the fingerprint it was read at, or {@code null}
	 */
	synchronized @Nullable Body get(String location) {
		return this.bodies.get(location);
	}

	/**
	 * Remember a body. A body larger than the whole cache is not kept.
	 * @param location the {@code SKILL.md} location
	 * @param body the body and its fingerprint
	 */
	synchronized void put(String location, Body body) {
		Body old = this.bodies.remove(location);
		if (old != null) {
			this.chars -= old.text().length();
		}
		if (body.text().length() > this.maxChars) {
			return;
		}
		this.bodies.put(location, body);
		this.chars += body.text().length();
		var eldest = this.bodies.values().iterator();
		while (this.chars > this.maxChars && eldest.hasNext()) {
			this.chars -= eldest.next().text().length();
			eldest.remove();
		}
	}

	/**
	 * The number of characters held.
	 * @return the total length of the cached bodies
	 */
	synchronized long chars() {
		return this.chars;
	}

	/**
	 * A body as read from one version of a {@code SKILL.md}.
	 *
	 * @param fingerprint the file's fingerprint when it was read
	 * @param text the instructions
	 */
	record Body(Fingerprint fingerprint, String text) {
	}

}
