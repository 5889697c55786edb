/**
 * Where the embedding index keeps the vectors it computed, so that a restart, a second
 * instance or a reload that leaves a skill unchanged does not embed it again: the
 * {@link dev.skills.spring.ai.catalog.index.cache.EmbeddingCache} SPI and its file on
 * local disk.
 */
@NullMarked
package dev.skills.spring.ai.catalog.index.cache;

import org.jspecify.annotations.NullMarked;
