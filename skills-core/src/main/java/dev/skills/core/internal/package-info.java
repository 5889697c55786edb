/**
 * The implementation of skills-core: parsing, discovery, guarded file reading, the texts
 * the model sees, file watching and tool rules. Public only so that this project's other
 * modules can use it; it carries no compatibility promise.
 */
@NullMarked
package dev.skills.core.internal;

import org.jspecify.annotations.NullMarked;
