/**
 * Which skills are active in which conversation: the
 * {@link dev.skills.core.activation.ActiveSkillsRepository} and its bounded in-memory
 * default.
 */
@NullMarked
package dev.skills.core.activation;

import org.jspecify.annotations.NullMarked;
