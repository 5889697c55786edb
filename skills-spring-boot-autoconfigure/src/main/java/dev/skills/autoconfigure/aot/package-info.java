/**
 * Native-image hints for skill resources.
 */
@NullMarked
package dev.skills.autoconfigure.aot;

import org.jspecify.annotations.NullMarked;
