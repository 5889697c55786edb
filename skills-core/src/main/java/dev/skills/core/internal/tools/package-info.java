/**
 * Tool scoping: which tools the active skills allow ({@code allowed-tools}) and forbid
 * ({@code disallowed-tools}).
 */
@NullMarked
package dev.skills.core.internal.tools;

import org.jspecify.annotations.NullMarked;
