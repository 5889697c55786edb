/**
 * Auto-configuration of the {@code skills} and {@code activeskills} actuator endpoints.
 */
@NullMarked
package dev.skills.boot.autoconfigure.endpoint;

import org.jspecify.annotations.NullMarked;
