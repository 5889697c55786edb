/**
 * How remote sources are fetched, checked out, checked and switched; no compatibility
 * promise.
 */
@NullMarked
package dev.skills.sources.internal;

import org.jspecify.annotations.NullMarked;
