/**
 * Listing and reading the files a skill bundles, never outside the skill's folder.
 */
@NullMarked
package dev.skills.core.internal.files;

import org.jspecify.annotations.NullMarked;
