/**
 * Micrometer metrics for skills: {@code skills.*} meters.
 */
@NullMarked
package dev.skills.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
