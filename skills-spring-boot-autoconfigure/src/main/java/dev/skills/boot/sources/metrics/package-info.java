/**
 * The {@code skills.sources.fetch} meters.
 */
@NullMarked
package dev.skills.boot.sources.metrics;

import org.jspecify.annotations.NullMarked;
