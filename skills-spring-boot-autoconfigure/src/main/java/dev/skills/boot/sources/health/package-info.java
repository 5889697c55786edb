/**
 * The {@code skillsources} health indicator.
 */
@NullMarked
package dev.skills.boot.sources.health;

import org.jspecify.annotations.NullMarked;
