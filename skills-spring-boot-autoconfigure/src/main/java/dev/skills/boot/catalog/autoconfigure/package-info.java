/**
 * Auto-configuration of the skill catalog within a token budget
 * ({@code skills.catalog.*}).
 */
@NullMarked
package dev.skills.boot.catalog.autoconfigure;

import org.jspecify.annotations.NullMarked;
