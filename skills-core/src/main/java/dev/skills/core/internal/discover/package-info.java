/**
 * Finding skill folders below a location: a bounded breadth-first walk.
 */
@NullMarked
package dev.skills.core.internal.discover;

import org.jspecify.annotations.NullMarked;
