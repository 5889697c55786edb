/**
 * The actuator endpoints {@code skills} and {@code activeskills}.
 */
@NullMarked
package dev.skills.boot.endpoint;

import org.jspecify.annotations.NullMarked;
