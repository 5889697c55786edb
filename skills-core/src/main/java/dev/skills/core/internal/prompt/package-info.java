/**
 * The text the model sees: the skill catalog and the activated skill content.
 */
@NullMarked
package dev.skills.core.internal.prompt;

import org.jspecify.annotations.NullMarked;
