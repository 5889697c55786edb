/**
 * Auto-configuration of skill sets.
 */
@NullMarked
package dev.skills.boot.sets.autoconfigure;

import org.jspecify.annotations.NullMarked;
