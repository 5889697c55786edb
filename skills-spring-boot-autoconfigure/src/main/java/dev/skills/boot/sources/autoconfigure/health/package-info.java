/**
 * Auto-configuration of the {@code skillsources} health indicator.
 */
@NullMarked
package dev.skills.boot.sources.autoconfigure.health;

import org.jspecify.annotations.NullMarked;
