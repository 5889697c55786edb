/**
 * Watching folders for changes: native file events or polling, with debouncing.
 */
@NullMarked
package dev.skills.core.internal.watch;

import org.jspecify.annotations.NullMarked;
