/**
 * Auto-configuration of the {@code skills.sources.fetch} meters.
 */
@NullMarked
package dev.skills.boot.sources.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
