package dev.skills.core.activation;

import java.time.Instant;

/**
 * A skill activated in a conversation.
 *
 * @param name the skill name
 * @param activatedAt when it was (last) activated
 */
public record ActiveSkill(String name, Instant activatedAt) {
}
