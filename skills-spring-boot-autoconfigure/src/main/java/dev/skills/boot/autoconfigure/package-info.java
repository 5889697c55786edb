/**
 * Auto-configuration for Agent Skills: {@code skills.*} properties, the registry, the
 * Spring AI advisor and tools.
 */
@NullMarked
package dev.skills.boot.autoconfigure;

import org.jspecify.annotations.NullMarked;
