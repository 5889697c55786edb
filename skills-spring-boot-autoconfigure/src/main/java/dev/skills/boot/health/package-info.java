/**
 * The {@code skills} health indicator.
 */
@NullMarked
package dev.skills.boot.health;

import org.jspecify.annotations.NullMarked;
