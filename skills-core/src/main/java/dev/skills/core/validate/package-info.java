/**
 * Strict validation of a skill against the Agent Skills specification.
 */
@NullMarked
package dev.skills.core.validate;

import org.jspecify.annotations.NullMarked;
