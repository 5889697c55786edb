/**
 * Vectors of the skills index kept in a relational database, so that a fleet of instances
 * embeds each skill once: {@link dev.skills.jdbc.embedding.JdbcEmbeddingCache}.
 */
@NullMarked
package dev.skills.jdbc.embedding;

import org.jspecify.annotations.NullMarked;
