/**
 * The {@code skills} health indicator.
 */
@NullMarked
package dev.skills.autoconfigure.health;

import org.jspecify.annotations.NullMarked;
