/**
 * Pinning: {@link dev.skills.core.lock.SkillsLock}, the lock file's format and the digest
 * of a skill's files, shared by the CLI's {@code skills lock}/{@code skills verify} and
 * the registry's check at run time.
 */
@NullMarked
package dev.skills.core.lock;

import org.jspecify.annotations.NullMarked;
