/**
 * The file layer: where skills live on disk and in jars. One skip rule, the skill-file
 * lookup and the bundled files' listing ({@code SkillFiles}), one bounded walk
 * ({@code TreeWalk}) for discovery, listings and the watchers, the guarded open that
 * never leaves a skill folder ({@code GuardedFile}), what the model sees of a read
 * ({@code ResourcePaths}), and the threads every read runs on ({@code FileReads}, owned
 * by a registry). Folder and jar skills implement the public
 * {@link dev.skills.core.source.SkillSource}; remote skills are materialised into
 * folders.
 */
@NullMarked
package dev.skills.core.internal.files;

import org.jspecify.annotations.NullMarked;
