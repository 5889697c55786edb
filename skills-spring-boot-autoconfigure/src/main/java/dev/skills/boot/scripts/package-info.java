/**
 * Running skills' scripts: the explanation of a start-up whose sandbox cannot work.
 */
@NullMarked
package dev.skills.boot.scripts;

import org.jspecify.annotations.NullMarked;
