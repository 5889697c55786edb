/**
 * Auto-configuration of active skills in the application's database
 * ({@code skills.active-skills.store=jdbc}).
 */
@NullMarked
package dev.skills.boot.jdbc.autoconfigure;

import org.jspecify.annotations.NullMarked;
