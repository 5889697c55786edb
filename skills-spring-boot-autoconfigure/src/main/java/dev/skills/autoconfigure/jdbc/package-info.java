/**
 * Auto-configuration of active skills in the application's database
 * ({@code skills.active-skills.store=jdbc}).
 */
@NullMarked
package dev.skills.autoconfigure.jdbc;

import org.jspecify.annotations.NullMarked;
