/**
 * Conversations' active skills kept in step with the registry: a skill that disappears is
 * taken out of every conversation
 * ({@link dev.skills.spring.ai.activation.RemovedSkillsDeactivator}).
 */
@NullMarked
package dev.skills.spring.ai.activation;

import org.jspecify.annotations.NullMarked;
