/**
 * Active skills in the application's database: the schema created at start-up and the
 * analysis of a missing table.
 */
@NullMarked
package dev.skills.boot.jdbc;

import org.jspecify.annotations.NullMarked;
