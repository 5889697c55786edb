/**
 * Auto-configuration of remote skill sources ({@code skills.sources.*}), when
 * {@code dev.skills:skills-sources} is on the class path.
 */
@NullMarked
package dev.skills.boot.sources.autoconfigure;

import org.jspecify.annotations.NullMarked;
