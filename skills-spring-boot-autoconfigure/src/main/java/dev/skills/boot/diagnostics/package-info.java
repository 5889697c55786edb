/**
 * Failure analysis of start-ups that skills stop: a property whose value cannot work, an
 * unknown mode, skills that fail validation.
 */
@NullMarked
package dev.skills.boot.diagnostics;

import org.jspecify.annotations.NullMarked;
