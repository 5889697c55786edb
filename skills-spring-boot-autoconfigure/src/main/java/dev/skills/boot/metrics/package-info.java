/**
 * Micrometer metrics for skills: {@code skills.*} meters.
 */
@NullMarked
package dev.skills.boot.metrics;

import org.jspecify.annotations.NullMarked;
