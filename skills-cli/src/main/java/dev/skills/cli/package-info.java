/**
 * The {@code skills} command line: validate skills, print their catalog, show their
 * properties.
 */
@NullMarked
package dev.skills.cli;

import org.jspecify.annotations.NullMarked;
