/**
 * Auto-configuration of the {@code skills.*} meters.
 */
@NullMarked
package dev.skills.boot.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
