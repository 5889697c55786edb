/**
 * The file layer: the folder and jar {@link dev.skills.core.folder.SkillFolder}s, the one
 * bounded walk, and the guarded, time-bounded reads that never leave a skill folder.
 */
@NullMarked
package dev.skills.core.internal.files;

import org.jspecify.annotations.NullMarked;
