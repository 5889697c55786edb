/**
 * Native-image hints for skill resources.
 */
@NullMarked
package dev.skills.boot.aot;

import org.jspecify.annotations.NullMarked;
