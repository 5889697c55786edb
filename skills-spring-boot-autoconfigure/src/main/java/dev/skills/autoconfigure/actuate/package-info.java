/**
 * The actuator endpoints {@code skills} and {@code activeskills}.
 */
@NullMarked
package dev.skills.autoconfigure.actuate;

import org.jspecify.annotations.NullMarked;
