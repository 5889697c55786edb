/**
 * Auto-configuration of the {@code skills} health indicator.
 */
@NullMarked
package dev.skills.boot.autoconfigure.health;

import org.jspecify.annotations.NullMarked;
