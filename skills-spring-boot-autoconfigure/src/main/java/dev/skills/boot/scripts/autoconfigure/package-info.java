/**
 * Auto-configuration of running skills' scripts in a sandbox ({@code skills.scripts.*}).
 */
@NullMarked
package dev.skills.boot.scripts.autoconfigure;

import org.jspecify.annotations.NullMarked;
